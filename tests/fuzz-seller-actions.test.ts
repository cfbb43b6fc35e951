import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './support/browser';
import { ACTIONS, fuzzEveryAction, fuzzSeller, send, startFuzzWorkers } from './support/fuzz';
import type { Workers } from './support/workers';

/**
 * Bad input never makes a 5xx (docs/decisions/010), from a seller well into a sale, whose forms
 * meet the platform's rule refusals (409s) as often as not (tests/support/fuzz.ts says how).
 */
let workers: Workers;
let seller: Browser;
beforeAll(async () => {
  workers = await startFuzzWorkers();
  seller = await fuzzSeller(workers);
}, 180_000);
afterAll(() => workers?.dispose());

fuzzEveryAction(
  ACTIONS.filter((a) => a.as === 'seller'),
  () => ({ workers, browser: seller }),
);

describe('bodies that are not forms', () => {
  it('answers a body that is not a form with 415 and a page that says nothing was changed', async () => {
    const response = await send(workers, seller, '/KE19FTA/add-bank-details', {
      contentType: 'application/json',
      body: '{"accountNumber":"66374958"}',
    });
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('nothing was changed');
  });

  it('answers a multipart body cut short with 400 and a page', async () => {
    const response = await send(workers, seller, '/KE19FTA/upload-documents', {
      contentType: 'multipart/form-data; boundary=abc',
      body: '--abc\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupl',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Sorry, we could not read that form');
  });
});
