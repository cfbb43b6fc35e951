import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement as h, Suspense, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

/*
 * The worker renders with React's streaming renderer for browsers and workers, which the app builds
 * in production (patches/react-dom+18.3.1.patch): the patch keeps its chunks as strings and encodes
 * them once per ~4 KB or per flush, where React encoded every attribute and tag on its own. The page
 * must come out the same, in few pieces, and a suspended section must still stream after the rest.
 */
const require = createRequire(import.meta.url);
const built = path.join(path.dirname(require.resolve('react-dom')), 'cjs/react-dom-server.browser.production.min.js');
const { renderToReadableStream } = require(built) as {
  renderToReadableStream: (node: ReactNode) => Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }>;
};

function page(rows: number, slow?: ReactNode) {
  return h(
    'main',
    { className: 'page', 'aria-label': 'Cars that sold' },
    h('h1', null, 'Cars like yours that sold & why'),
    h(
      'ul',
      null,
      Array.from({ length: rows }, (_, i) =>
        h('li', { key: i, className: 'sale', 'data-row': i }, h('a', { href: `/guides/${i}?a=1&b=2` }, `Ford Fiesta £${i},000 “Zetec”`)),
      ),
    ),
    slow ? h(Suspense, { fallback: h('p', null, 'Loading the MOT history…') }, slow) : null,
  );
}

async function read(stream: ReadableStream<Uint8Array>) {
  const pieces: string[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    expect(chunk).toBeInstanceOf(Uint8Array);
    pieces.push(decoder.decode(chunk, { stream: true }));
  }
  return pieces;
}

describe("the worker's streaming renderer", () => {
  it('writes the same markup as React renders to a string, UTF-8 encoded', async () => {
    const pieces = await read(await renderToReadableStream(page(300)));
    expect(pieces.join('')).toBe(renderToStaticMarkup(page(300)));
  });

  it('sends a page of ~1,200 elements in a handful of pieces, not one per 512 bytes', async () => {
    const pieces = await read(await renderToReadableStream(page(300)));
    const bytes = new TextEncoder().encode(pieces.join('')).length;
    expect(bytes).toBeGreaterThan(20_000);
    expect(pieces.length).toBeLessThanOrEqual(Math.ceil(bytes / 4096) + 1);
  });

  it('still sends the page before a suspended section, and the section when it resolves', async () => {
    let resolve!: () => void;
    const ready = new Promise<void>((r) => (resolve = r));
    let done = false;
    function Mot(): ReactNode {
      if (!done) throw ready.then(() => void (done = true));
      return h('p', null, 'MOT history: passed');
    }
    const stream = await renderToReadableStream(page(5, h(Mot)));
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let first = '';
    while (!first.includes('Loading the MOT history…')) {
      const r = await reader.read();
      expect(r.done).toBe(false);
      first += decoder.decode(r.value);
    }
    expect(first).toContain('Cars like yours that sold &amp; why');
    expect(first).toContain('Loading the MOT history…');
    expect(first).not.toContain('MOT history: passed');
    resolve();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += decoder.decode(r.value);
    expect(rest).toContain('MOT history: passed');
  });

  it('keeps two pages rendered at once apart, however their sections interleave', async () => {
    const gates: Array<() => void> = [];
    const section = (seller: string) => {
      let shown = false;
      const gate = new Promise<void>((r) => gates.push(r)).then(() => void (shown = true));
      return function Section(): ReactNode {
        if (!shown) throw gate;
        return h('p', null, `Offer for ${seller}`);
      };
    };
    const [a, b] = await Promise.all([
      renderToReadableStream(h('div', null, h('h1', null, 'Page of seller A'), h(Suspense, { fallback: null }, h(section('A'))))),
      renderToReadableStream(h('div', null, h('h1', null, 'Page of seller B'), h(Suspense, { fallback: null }, h(section('B'))))),
    ]);
    const reading = [read(a), read(b)];
    gates[1]();
    await new Promise((r) => setTimeout(r, 0));
    gates[0]();
    const [pageA, pageB] = (await Promise.all(reading)).map((pieces) => pieces.join(''));
    expect(pageA).toContain('Offer for A');
    expect(pageA).not.toMatch(/seller B|Offer for B/);
    expect(pageB).toContain('Offer for B');
    expect(pageB).not.toMatch(/seller A|Offer for A/);
  });
});
