import inline from '~/generated/inline.json';

/**
 * The chunk watch, the head's inline script (docs/reporting.md): its source and what it does are in
 * chunk-watch.inline.ts, minified at build (scripts/build-inline.mjs). A server module, so the
 * browser's scripts do not carry it a second time: the frame reads it back from the document.
 */
export const CHUNK_WATCH_SCRIPT: string = inline.headScript;
