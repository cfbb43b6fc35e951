// What a page costs a phone, read from its HTML: the document's bytes, the JavaScript it makes the
// browser fetch (module preloads, module scripts and their static imports as Remix lists them), the
// requests it starts on load, and anything that blocks rendering. Shared by the budget tests
// (tests/budgets.test.ts) and `npm run bench`. Gzip at zlib's default level, as servers send it.
import { gzipSync } from 'node:zlib';

export const gzipSize = (bytes) => gzipSync(bytes).length;

const attr = (tag, name) => new RegExp(`\\s${name}(?:=("[^"]*"|'[^']*'|[^\\s>]+))?`, 'i').exec(tag);
const attrValue = (tag, name) => {
  const match = attr(tag, name);
  return match ? (match[1] ?? '').replace(/^["']|["']$/g, '') : null;
};

/** Script URLs the page loads: module preloads, script src, and `import "…"` in inline modules. */
export function scriptUrls(html) {
  const urls = new Set();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/^(modulepreload|preload)$/i.test(attrValue(tag, 'rel') ?? '') && /\.m?js(\?|$)/.test(attrValue(tag, 'href') ?? ''))
      urls.add(attrValue(tag, 'href'));
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attrValue(tag, 'src');
    if (src) urls.add(src);
  }
  for (const [, url] of html.matchAll(/import\s*(?:[^"';]*from\s*)?["'](\/[^"']+\.js)["']/g)) urls.add(url);
  return [...urls];
}

/** Requests in <head> that hold the first paint: stylesheets, and classic scripts without async/defer. */
export function renderBlocking(html) {
  const head = html.slice(0, Math.max(0, html.search(/<\/head>/i)));
  const blocking = [];
  for (const [tag] of head.matchAll(/<link\b[^>]*>/gi)) {
    if (/^stylesheet$/i.test(attrValue(tag, 'rel') ?? '') && !/^print$/i.test(attrValue(tag, 'media') ?? ''))
      blocking.push(attrValue(tag, 'href'));
  }
  for (const [tag] of head.matchAll(/<script\b[^>]*>/gi)) {
    const src = attrValue(tag, 'src');
    if (src && !attr(tag, 'async') && !attr(tag, 'defer') && attrValue(tag, 'type') !== 'module') blocking.push(src);
  }
  return blocking;
}

/** Images fetched on load (not lazy), and other subresources a document names up front. */
function eagerResources(html) {
  const urls = new Set();
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = attrValue(tag, 'src');
    if (src && !src.startsWith('data:') && attrValue(tag, 'loading') !== 'lazy') urls.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attrValue(tag, 'rel') ?? '';
    if (/^(stylesheet|preload|icon)$/i.test(rel) && !/\.m?js(\?|$)/.test(attrValue(tag, 'href') ?? '')) urls.add(attrValue(tag, 'href'));
  }
  return [...urls];
}

/**
 * The weight of one document. `readAsset(url)` returns a script's bytes (from the build folder or
 * over HTTP). Icons count once (the browser asks for one of them).
 */
export async function pageWeight(html, readAsset) {
  const document = Buffer.from(html);
  const scripts = [];
  for (const url of scriptUrls(html)) {
    const body = await readAsset(url);
    scripts.push({ url, raw: body.length, gzip: gzipSize(body) });
  }
  const others = eagerResources(html);
  const icons = others.filter((u) => /favicon/.test(u));
  return {
    documentRaw: document.length,
    documentGzip: gzipSize(document),
    jsRaw: scripts.reduce((n, s) => n + s.raw, 0),
    jsGzip: scripts.reduce((n, s) => n + s.gzip, 0),
    scripts,
    requests: 1 + scripts.length + (others.length - icons.length) + Math.min(icons.length, 1),
    renderBlocking: renderBlocking(html),
  };
}
