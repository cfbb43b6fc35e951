import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { AuthBroadcast } from '~/components/auth-broadcast';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { SiteFooter, SiteHeader } from '~/components/site-chrome';
import { SIGNED_OUT_MESSAGE } from '~/lib/auth-messages';
import { initials, signOut } from '~/lib/auth.server';
import { SCRIPTS_HINT_COOKIE } from '~/lib/client-hints';
import { brandFrom } from '~/lib/meta';
import { useNonce } from '~/lib/nonce';
import { styles } from '~/styles';

export const meta: MetaFunction = ({ matches }) => [{ title: brandFrom(matches) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { session, config } = context;
  const url = new URL(request.url);
  // Another tab signed out: end this one's session too, and take the marker out of the URL.
  if (url.searchParams.get('logout') === 'broadcast') {
    if (session.get('auth')) signOut(session);
    url.searchParams.delete('logout');
    throw redirect(url.pathname + url.search);
  }
  const auth = session.get('auth');
  return {
    brandName: config.brandName,
    helpCentreUrl: config.helpCentreUrl,
    year: new Date().getUTCFullYear(),
    user: auth ? { firstName: auth.firstName, initials: initials(auth) } : null,
    logoutNotice: url.searchParams.get('logout') === 'notify',
    authEvent: session.get('authEvent') ?? null,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

const FALLBACK_ROOT_DATA: RootData = {
  brandName: 'Kerbside',
  helpCentreUrl: '',
  year: new Date().getUTCFullYear(),
  user: null,
  logoutNotice: false,
  authEvent: null,
};

export function useRootData(): RootData {
  return useRouteLoaderData<typeof loader>('root') ?? FALLBACK_ROOT_DATA;
}

// Tells the server this browser runs scripts, so later documents may stream (see ADR 004).
const scriptsHint = `document.cookie="${SCRIPTS_HINT_COOKIE}=1;path=/;samesite=lax"`;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const { brandName, year, helpCentreUrl, user, logoutNotice, authEvent } = useRootData();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d4f" />
        <Meta />
        <Links />
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: styles }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptsHint }} />
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <SiteHeader brandName={brandName} user={user} />
        <main id="main">
          <div className="wrap">
            {logoutNotice ? (
              <div id="logout-notification" className="toast error" role="alert">
                {SIGNED_OUT_MESSAGE}
              </div>
            ) : null}
            {children}
          </div>
        </main>
        <SiteFooter brandName={brandName} year={year} helpCentreUrl={helpCentreUrl} />
        <AuthBroadcast event={authEvent} signedIn={!!user} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
