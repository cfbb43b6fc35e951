/**
 * Pages the app answers before Remix runs (bad configuration, a refused cross-site post, a body
 * that is not a form): plain HTML with the app's words, no scripts, no stack trace. They are served
 * under the same Content-Security-Policy as rendered pages (server.ts), so their one style element
 * carries the response's nonce. No link on them is taken from the request: the request may be
 * for `//evil.example`, and a link built from its path would lead there.
 */
import { MAX_UPLOAD_BYTES } from '../../contract/documents';
import { DEFAULT_HELP_CENTRE_URL } from './env.server';

const STYLE = 'body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}';

function plainDocument(brandName: string, nonce: string, title: string, body: string): string {
  const brand = brandName.replace(/[<>&"]/g, '');
  const safeNonce = nonce.replace(/[^A-Za-z0-9+/=]/g, '');
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title} | ${brand}</title><style nonce="${safeNonce}">${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function serverErrorDocument(brandName: string, nonce: string): string {
  return plainDocument(
    brandName,
    nonce,
    'Sorry, something went wrong',
    `<h1>Sorry, something went wrong</h1><p>Please try again in a moment.</p><p><a href="">Refresh the page</a> · <a href="${DEFAULT_HELP_CENTRE_URL}">Contact us</a></p>`,
  );
}

export function crossSiteDocument(brandName: string, nonce: string): string {
  const brand = brandName.replace(/[<>&"]/g, '');
  return plainDocument(
    brandName,
    nonce,
    'Form refused',
    `<h1>We did not send that form</h1><p>It came from another website, not from ${brand}, so nothing was changed. If you were filling in a form on ${brand}, go back to it and send it again from there.</p><p><a href="/">Go to ${brand}</a></p>`,
  );
}

/**
 * A post whose body was not a form we could read (see request-body.server.ts): nothing was changed.
 * The browser's Back button returns to the form with what was typed; the link goes to a fixed page.
 */
export function badFormDocument(brandName: string, nonce: string): string {
  const brand = brandName.replace(/[<>&"]/g, '');
  return plainDocument(
    brandName,
    nonce,
    'Form not sent',
    `<h1>Sorry, we could not read that form</h1><p>It arrived incomplete or in a form we do not accept, so nothing was changed. Please go back and send it again.</p><p><a href="/">Go to ${brand}</a></p>`,
  );
}

/**
 * A post bigger than any form of ours (request-body.server.ts): refused before it was read, so
 * nothing was changed. The size is the only thing said about it; the seller's way back is the same.
 */
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export function tooLargeFormDocument(brandName: string, nonce: string): string {
  const brand = brandName.replace(/[<>&"]/g, '');
  return plainDocument(
    brandName,
    nonce,
    'Form not sent',
    `<h1>Sorry, that was too much to send</h1><p>It was bigger than any form of ours takes, so nothing was changed. Please go back and send it again; if you were sending a file, choose a smaller one (photos up to ${megabytes(MAX_UPLOAD_BYTES.photo)} MB, documents up to ${megabytes(MAX_UPLOAD_BYTES.document)} MB).</p><p><a href="/">Go to ${brand}</a></p>`,
  );
}
