import { useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { reportToServer } from '~/features/shell/client-report';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/**
 * What the shell does once JavaScript runs; everything here is an enhancement of something that
 * already works without it.
 * - Menus (`<details data-menu>`): one open at a time; Escape closes and puts focus back on the
 *   menu's button; a click or focus outside closes.
 * - A browser that refuses cookies is reported once (docs/behaviour/states.md: the cookies-disabled event).
 * - With consent, each client-side navigation is a page view in the page's dataLayer.
 */
export function ShellBehaviour({ consented }: { consented: boolean }) {
  const location = useLocation();
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
    if (consented) (window.dataLayer ??= []).push({ event: 'page_view', path: location.pathname });
  }, [location.pathname, consented]);

  return null;
}
