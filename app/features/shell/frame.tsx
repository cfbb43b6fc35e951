import { Links, Meta, Scripts, ScrollRestoration, useMatches } from '@remix-run/react';
import type { ReactNode } from 'react';
import { AuthBroadcast } from './auth-broadcast';
import { CHUNK_WATCH_SCRIPT } from './chunk-watch.server';
import { CookieNotice } from './cookie-notice';
import { ShellBehaviour } from './shell-behaviour';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SupportChat } from './support-chat';
import { SIGNED_OUT_MESSAGE } from '~/lib/auth-messages';
import { SCRIPTS_HINT_COOKIE } from '~/lib/client-hints';
import { useNonce } from '~/lib/nonce';
import { flagsFor, type RouteHandle } from '~/lib/route-flags';
import { styles } from '~/styles.server';
import { useRootData } from './root-data';

/**
 * The page frame: the document every page renders in (head, header, footer, cookie notice, the
 * sticky registration banner, the chat), and the shell's parts that route modules use (the error
 * boundary, the root's data). Routes take those from here rather than from their own modules so
 * that every route reaches the frame the same way: the browser build then ships the whole frame as
 * one chunk, cached once, instead of a dozen small ones that differ by which pages use them
 * (docs/performance.md).
 */
export { GeneralErrorBoundary, PageErrorBoundary } from './error-boundary';
export { useRootData, type RootData } from './root-data';
// The root's title comes from here too, so the meta helpers every page uses travel with the frame.
export { brandFrom } from '~/lib/meta';
// The figures' formats too: most pages show a price, a date or a mileage.
export { formatDate, formatMiles, formatPounds } from '~/lib/format';

// Tells the server this browser runs scripts, so later documents may stream (see ADR 004).
const scriptsHint = `document.cookie="${SCRIPTS_HINT_COOKIE}=1;path=/;samesite=lax"`;

/** The page's dataLayer (docs/behaviour/gateway.md#analytics): written only for a seller who accepted cookies. */
function dataLayerScript(path: string, experiments: Record<string, string>): string {
  const first = JSON.stringify({ event: 'page_view', path, experiments }).replace(/</g, '\\u003c');
  return `window.dataLayer=window.dataLayer||[];window.dataLayer.push(${first})`;
}

const STYLES_ID = 'site-styles';
const CHUNK_WATCH_ID = 'chunk-watch';

/**
 * What the document carries inline from a server module (the stylesheet, the chunk watch): the
 * module's text on the server; in the browser, where the module is empty, the text the document
 * came with, so that a render from scratch (after a hydration mismatch) keeps it.
 */
const fromDocument = new Map<string, string>();
function inlineText(server: string | undefined, id: string): string {
  if (server) return server;
  if (typeof document === 'undefined') return '';
  if (!fromDocument.has(id)) fromDocument.set(id, document.getElementById(id)?.textContent ?? '');
  return fromDocument.get(id)!;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRootData();
  const matches = useMatches();
  const flags = flagsFor(matches);
  const path = matches[matches.length - 1]?.pathname ?? '/';
  const addresses = { helpCentreUrl: root.helpCentreUrl, dealerSiteUrl: root.dealerSiteUrl };
  // The banner's code comes with the routes that can show it (withStickyVrm).
  const StickyVrm =
    flags.stickyVrm && !root.stickyVrmDismissed
      ? matches.map((m) => (m.handle as RouteHandle | undefined)?.StickyVrm).findLast(Boolean)
      : undefined;
  const chat = flags.zendeskWidget && root.chatEnabled ? <SupportChat signedIn={!!root.user} helpCentreUrl={root.helpCentreUrl} /> : null;
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script id={CHUNK_WATCH_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: inlineText(CHUNK_WATCH_SCRIPT, CHUNK_WATCH_ID) }} />
        <meta name="theme-color" content="#0b5d4f" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <style id={STYLES_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: inlineText(styles, STYLES_ID) }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptsHint }} />
        {root.analytics ? (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: dataLayerScript(path, root.analytics.experiments) }} />
        ) : null}
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        {root.consent === null ? <CookieNotice brandName={root.brandName} /> : null}
        <SiteHeader brandName={root.brandName} user={root.user} addresses={addresses} translucent={!!flags.translucentHeader} />
        <main id="main">
          <div className="wrap">
            {root.logoutNotice ? (
              <div id="logout-notification" className="toast error" role="alert">
                {SIGNED_OUT_MESSAGE}
              </div>
            ) : null}
            {children}
          </div>
          {StickyVrm ? <StickyVrm /> : null}
        </main>
        {/* Without the footer, the chat's line keeps the page's margins. */}
        {flags.hideFooter && chat ? <div className="wrap">{chat}</div> : null}
        <SiteFooter
          hidden={!!flags.hideFooter}
          brandName={root.brandName}
          dealerNetwork={root.dealerNetwork}
          year={root.year}
          addresses={addresses}
          flags={flags}
          reviews={root.footerReviews}
        >
          {flags.hideFooter ? null : chat}
        </SiteFooter>
        <AuthBroadcast event={root.authEvent} signedIn={!!root.user} />
        <ShellBehaviour consented={!!root.analytics} />
        {flags.manageOwnScroll ? null : <ScrollRestoration nonce={nonce} />}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}
