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
 * beacon still leaves. Plain ES5, as small as it can be; a server module, so the browser's
 * scripts do not carry it a second time.
 */
export const CHUNK_WATCH_SCRIPT = `(function(){var s=window.__ksReports=window.__ksReports||{};function r(why){if(s.chunk_load_failed)return;s.chunk_load_failed=1;var b=new URLSearchParams({kind:"chunk_load_failed",reason:why});try{if(navigator.sendBeacon("/api/client-report",b))return}catch(e){}try{fetch("/api/client-report",{method:"POST",body:b,keepalive:true}).catch(function(){})}catch(e){}}addEventListener("error",function(e){var t=e.target,n=t&&t.tagName,u=n==="SCRIPT"?t.src:n==="LINK"&&t.rel==="modulepreload"?t.href:null;if(u===""&&t.type==="module"||typeof u==="string"&&u.indexOf(location.origin+"/build/")===0)r("error")},true);try{new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(e.responseStatus>=400&&e.name.indexOf(location.origin+"/build/")===0)r("error")})}).observe({type:"resource",buffered:true})}catch(e){}var w=setTimeout(function(){r("timeout")},${CHUNK_LOAD_TIMEOUT_MS});window.__ksCodeArrived=function(){clearTimeout(w)}})()`;
