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
 * - Menus (`<details data-menu>`): one open at a time; Escape closes and puts focus back on the
 *   menu's button; a click or focus outside closes.
 * - A browser that refuses cookies is reported once (docs/reporting.md).
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
    const openMenus = () => Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]'));
    const onToggle = (event: Event) => {
      const target = event.target as HTMLElement;
      if (!(target instanceof HTMLDetailsElement) || !target.matches('[data-menu]') || !target.open) return;
      for (const menu of openMenus()) if (menu !== target && !menu.contains(target)) menu.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const menus = openMenus();
      if (!menus.length) return;
      const active = document.activeElement;
      for (const menu of menus) {
        menu.open = false;
        if (active && menu.contains(active)) menu.querySelector('summary')?.focus();
      }
    };
    const onOutside = (event: Event) => {
      for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
    };
    document.addEventListener('toggle', onToggle, true);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('toggle', onToggle, true);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, []);

  useEffect(() => {
    const probe = 'ks_cookie_probe=1';
    document.cookie = `${probe};path=/;samesite=lax`;
    const works = navigator.cookieEnabled && document.cookie.includes(probe);
    document.cookie = `${probe};path=/;max-age=0`;
    if (!works) reportToServer('cookies_disabled');
  }, []);

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
