/**
 * The head's inline script, the chunk watch (docs/reporting.md): it runs at the top of every page,
 * before any of the page's code is asked for, and still runs when that code never arrives. It
 * reports `chunk_load_failed` once when one of the app's scripts fails to load (a 404 after a
 * release, a dropped connection: the `error` events of script and module-preload elements, caught
 * on their way down), or when the code has not all arrived 120 s after the page (spec §9's chunk
 * load timeout). A script a client-side navigation imports has no element: its failure is seen in
 * the resource timings (an error status), since Remix then reloads the page at once, and the
 * beacon still leaves. It also reports `cookies_disabled` once, when a cookie it sets does not
 * come back. And it gives the shell's menus (`<details data-menu>`) their behaviour from the first
 * moment, with no code in the page's scripts: one open at a time; Escape closes them and puts focus
 * back on the menu's button; a click or focus outside closes them (without scripts they open and
 * close as plain disclosures).
 *
 * Never imported: the build (scripts/build-inline.mjs) bundles it on its own, minified, and
 * chunk-watch.server.ts gives the document that text, so the browser's scripts do not carry it a
 * second time. ES5 only (`var`, functions, no optional catch binding): the oldest browser that
 * loads a page must still be able to report that its code did not arrive.
 */
import { CHUNK_LOAD_TIMEOUT_MS, type ClientReportKind } from '~/lib/reports';

declare global {
  interface Window {
    /** Called by the browser entry once the page's code has all arrived: the chunk watch stands down. */
    __ksCodeArrived?: () => void;
  }
}

var sent = (window.__ksReports = window.__ksReports || {});

/** Posts one report of a kind per page (the page's own code shares `sent`). */
function report(kind: ClientReportKind, reason?: string) {
  if (sent[kind]) return;
  sent[kind] = 1;
  var body = new URLSearchParams(reason ? { kind: kind, reason: reason } : { kind: kind });
  try {
    if (navigator.sendBeacon('/api/client-report', body)) return;
  } catch (e) {
    // No beacon: try fetch.
  }
  try {
    fetch('/api/client-report', { method: 'POST', body: body, keepalive: true }).catch(function () {});
  } catch (e) {
    // Nothing left to send it with.
  }
}

function chunkFailed(reason: string) {
  report('chunk_load_failed', reason);
}

var probe = 'ks_cookie_probe=1';
try {
  document.cookie = probe + ';path=/;samesite=lax';
  if (!navigator.cookieEnabled || document.cookie.indexOf(probe) < 0) report('cookies_disabled');
  document.cookie = probe + ';path=/;max-age=0';
} catch (e) {
  report('cookies_disabled');
}

/** One of the app's scripts: an inline module (its src is empty) or one under /build/. */
addEventListener(
  'error',
  function (event) {
    var target = event.target as (HTMLScriptElement & HTMLLinkElement) | null;
    var tag = target && target.tagName;
    var url = tag === 'SCRIPT' ? target!.src : tag === 'LINK' && target!.rel === 'modulepreload' ? target!.href : null;
    if ((url === '' && target!.type === 'module') || (typeof url === 'string' && url.indexOf(location.origin + '/build/') === 0))
      chunkFailed('error');
  },
  true,
);

try {
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) {
      if ((entry as PerformanceResourceTiming).responseStatus >= 400 && entry.name.indexOf(location.origin + '/build/') === 0)
        chunkFailed('error');
    });
  }).observe({ type: 'resource', buffered: true });
} catch (e) {
  // No resource timings in this browser: the error events still count.
}

var timeout = setTimeout(function () {
  chunkFailed('timeout');
}, CHUNK_LOAD_TIMEOUT_MS);
window.__ksCodeArrived = function () {
  clearTimeout(timeout);
};

function openMenus(): HTMLDetailsElement[] {
  return Array.prototype.slice.call(document.querySelectorAll('details[data-menu][open]'));
}

function closeOutside(event: Event) {
  openMenus().forEach(function (menu) {
    if (!menu.contains(event.target as Node)) menu.open = false;
  });
}

addEventListener(
  'toggle',
  function (event) {
    var menu = event.target;
    if (!(menu instanceof HTMLDetailsElement) || !menu.matches('[data-menu]') || !menu.open) return;
    openMenus().forEach(function (other) {
      if (other !== menu && !other.contains(menu as HTMLDetailsElement)) other.open = false;
    });
  },
  true,
);

addEventListener('keydown', function (event) {
  if (event.key !== 'Escape') return;
  var focused = document.activeElement;
  openMenus().forEach(function (menu) {
    menu.open = false;
    if (focused && menu.contains(focused)) {
      var button = menu.querySelector('summary');
      if (button) button.focus();
    }
  });
});
addEventListener('click', closeOutside);
addEventListener('focusin', closeOutside);
