import inline from '~/generated/inline.json';

/**
 * The whole stylesheet, inlined into every document: the first page then needs no render-blocking
 * request, and at ~5 KB compressed it costs less than a second round trip on a slow phone. System
 * fonts only. Its source is app/styles.css, minified at build (scripts/build-inline.mjs).
 *
 * For the server only: the browser already has it from the document, and shipping it again inside
 * the JavaScript cost every page ~4 KB compressed. The client build empties `.server` modules;
 * the frame reads the sheet back from the document.
 */
export const styles: string = inline.styles;
