import { CHUNK_LOAD_TIMEOUT_MS } from '~/lib/reports';

declare global {
  interface Window {
    /** Called by the browser entry once the page's code has all arrived: the chunk watch stands down. */
    __ksCodeArrived?: () => void;
  }
}

/**
 * The chunk watch (docs/reporting.md): an inline script at the top of every page, so it runs
 * before any of the page's code is asked for and still runs when that code never arrives. It
 * reports `chunk_load_failed` once when one of the app's scripts fails to load (a 404 after a
 * release, a dropped connection: the `error` events of script and module-preload elements, caught
 * on their way down), or when the code has not all arrived 120 s after the page (spec §9's chunk
 * load timeout). A script a client-side navigation imports has no element: its failure is seen in
 * the resource timings (an error status), since Remix then reloads the page at once, and the
 * beacon still leaves. It also reports `cookies_disabled` once, when a cookie it sets does not
 * come back. And it gives the shell's menus (`<details data-menu>`) their behaviour from the first
 * moment, with no code in the page's scripts: one open at a time; Escape closes them and puts focus
 * back on the menu's button; a click or focus outside closes them (without scripts they open and
 * close as plain disclosures). Plain ES5, as small as it can be; a server module, so the browser's
 * scripts do not carry it a second time.
 */
export const CHUNK_WATCH_SCRIPT = `(function(){var s=window.__ksReports=window.__ksReports||{};function k(kind,why){if(s[kind])return;s[kind]=1;var b=new URLSearchParams(why?{kind:kind,reason:why}:{kind:kind});try{if(navigator.sendBeacon("/api/client-report",b))return}catch(e){}try{fetch("/api/client-report",{method:"POST",body:b,keepalive:true}).catch(function(){})}catch(e){}}function r(why){k("chunk_load_failed",why)}var c="ks_cookie_probe=1";try{document.cookie=c+";path=/;samesite=lax";if(!navigator.cookieEnabled||document.cookie.indexOf(c)<0)k("cookies_disabled");document.cookie=c+";path=/;max-age=0"}catch(e){k("cookies_disabled")}addEventListener("error",function(e){var t=e.target,n=t&&t.tagName,u=n==="SCRIPT"?t.src:n==="LINK"&&t.rel==="modulepreload"?t.href:null;if(u===""&&t.type==="module"||typeof u==="string"&&u.indexOf(location.origin+"/build/")===0)r("error")},true);try{new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(e.responseStatus>=400&&e.name.indexOf(location.origin+"/build/")===0)r("error")})}).observe({type:"resource",buffered:true})}catch(e){}var w=setTimeout(function(){r("timeout")},${CHUNK_LOAD_TIMEOUT_MS});window.__ksCodeArrived=function(){clearTimeout(w)};function m(){return Array.prototype.slice.call(document.querySelectorAll("details[data-menu][open]"))}function o(e){m().forEach(function(x){if(!x.contains(e.target))x.open=false})}addEventListener("toggle",function(e){var t=e.target;if(!(t instanceof HTMLDetailsElement)||!t.matches("[data-menu]")||!t.open)return;m().forEach(function(x){if(x!==t&&!x.contains(t))x.open=false})},true);addEventListener("keydown",function(e){if(e.key!=="Escape")return;var a=document.activeElement;m().forEach(function(x){x.open=false;if(a&&x.contains(a)){var q=x.querySelector("summary");q&&q.focus()}})});addEventListener("click",o);addEventListener("focusin",o);})()`;
