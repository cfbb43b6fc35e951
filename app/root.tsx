import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { SiteFooter, SiteHeader } from '~/components/site-chrome';
import { SCRIPTS_HINT_COOKIE } from '~/lib/client-hints';
import { brandFrom } from '~/lib/meta';
import { useNonce } from '~/lib/nonce';
import { styles } from '~/styles';

export const meta: MetaFunction = ({ matches }) => [{ title: brandFrom(matches) }];

export async function loader({ context }: LoaderFunctionArgs) {
  return {
    brandName: context.config.brandName,
    helpCentreUrl: context.config.helpCentreUrl,
    year: new Date().getUTCFullYear(),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

// The root's data is configuration: child navigations never change it.
export const shouldRevalidate = () => false;

export function useRootData(): RootData {
  return useRouteLoaderData<typeof loader>('root') ?? { brandName: 'Kerbside', helpCentreUrl: '', year: new Date().getUTCFullYear() };
}

// Tells the server this browser runs scripts, so later documents may stream (see ADR 004).
const scriptsHint = `document.cookie="${SCRIPTS_HINT_COOKIE}=1;path=/;samesite=lax"`;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const { brandName, year, helpCentreUrl } = useRootData();
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
        <SiteHeader brandName={brandName} />
        <main id="main">
          <div className="wrap">{children}</div>
        </main>
        <SiteFooter brandName={brandName} year={year} helpCentreUrl={helpCentreUrl} />
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
