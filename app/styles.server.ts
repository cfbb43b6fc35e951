/**
 * The stylesheet, for the server only: it is inlined into every document, so the browser already
 * has it, and shipping it again inside the JavaScript cost every page ~4 KB compressed. The
 * client build empties `.server` modules; root.tsx reads the sheet back from the document.
 */
export { styles } from './styles';
