/**
 * The 500 page when the app cannot even start a request (bad configuration): plain HTML with the
 * same words as the app's own error page, no scripts, no stack trace.
 */
import { DEFAULT_HELP_CENTRE_URL } from './env.server';

export function serverErrorDocument(brandName: string): string {
  const brand = brandName.replace(/[<>&"]/g, '');
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sorry, something went wrong | ${brand}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>Sorry, something went wrong</h1><p>Please try again in a moment.</p><p><a href="">Refresh the page</a> · <a href="${DEFAULT_HELP_CENTRE_URL}">Contact us</a></p></body></html>`;
}
