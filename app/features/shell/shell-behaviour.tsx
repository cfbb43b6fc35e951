import { useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { beacon, reportToServer } from '~/features/shell/client-report';
import { CHUNK_LOAD_TIMEOUT_MS } from '~/lib/reports';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
    /** Remix's router: its state says whether the page now shown is an error page. */
    __remixRouter?: { state: { errors: Record<string, unknown> | null } };
  }
}

/**
 * What the shell does once JavaScript runs; everything here is an enhancement of something that
 * already works without it.
 * - The menus' own behaviour is in the head's inline script (chunk-watch.inline.ts); a navigation
 *   closes any menu it was started from.
 * - A navigation whose page (its code and data) has not arrived 120 s after it started is reported
 *   as a chunk that failed to load (docs/reporting.md; the page's first load is the chunk watch's).
 * - With consent, each client-side navigation to a page that shows (not an error page) is a page
 *   view: in the page's dataLayer, and told to the server, which counts it.
 */
export function ShellBehaviour({ consented }: { consented: boolean }) {
  const location = useLocation();
  const navigation = useNavigation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      // Hydration is not a navigation: a menu opened before scripts ran stays open. The document's
      // own page view is in the server-rendered dataLayer.
      first.current = false;
      return;
    }
    // A navigation closes any menu it was started from.
    for (const menu of document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]')) menu.open = false;
    if (!consented || window.__remixRouter?.state.errors) return;
    (window.dataLayer ??= []).push({ event: 'page_view', path: location.pathname });
    // The server counts it (api-page-view.ts): the navigation's data request cannot stand for it.
    beacon('/api/page-view', { path: location.pathname });
    // Only a move to another page is a view: consenting, or a form's answer on the same page, is not.
  }, [location.pathname]);

  useEffect(() => {
    if (navigation.state !== 'loading') return;
    const timer = setTimeout(() => reportToServer('chunk_load_failed', 'timeout'), CHUNK_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [navigation.state, navigation.location?.key]);

  return null;
}
