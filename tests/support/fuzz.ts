import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHOTO_SLOTS } from '../../contract/documents';
import { Browser } from './browser';
import { file, jpeg, pdf } from './files';
import { signUp, uniqueEmail, valueCar } from './sellers';
import { startWorkers, type Workers } from './workers';

/**
 * Bad input never makes a 5xx (docs/decisions/010): property-based posts to every action, as an
 * attacker or a broken client sends them — bodies that are not forms, wrong content types, cut-off
 * multipart, and forms whose fields are anything at all — from a visitor and from a seller well into
 * a sale, whose forms meet the platform's rule refusals (409s) as often as not. FUZZ_RUNS sets the
 * bodies per action: 100 in CI (the default); `FUZZ_RUNS=1000 npm run test:integration -- fuzz` for a
 * deeper run. FUZZ_SEED repeats a run fast-check reported.
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
export const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** The workers a fuzzing file runs against: the sale quick, the lookup's limit out of the way. */
export function startFuzzWorkers() {
  return startWorkers({
    appVars: { FEATURE_FLAGS: '{"devMailbox":true}', ENVIRONMENT: 'development' },
    platformVars: { PROVIDER_LATENCY_MS: '0', SALE_START_DELAY_SECONDS: '1', SALE_WINDOW_SECONDS: '3', LOOKUP_RATE_LIMIT: '100000' },
  });
}

/** A visitor who has looked a car up. */
export async function fuzzVisitor(workers: Workers) {
  const visitor = new Browser(workers.fetch, { ip: '203.0.113.10' });
  await valueCar(visitor);
  return visitor;
}

/**
 * A seller whose car has sold and is booked for collection: most of their forms are refused by
 * the platform's rules now (the profile is locked, the offer decided), which is the point.
 */
export async function fuzzSeller(workers: Workers) {
  const seller = new Browser(workers.fetch, { ip: '203.0.113.11' });
  await valueCar(seller);
  expect((await signUp(seller, uniqueEmail('fuzz'))).status).toBe(302);
  const profile = '/KE19FTA/profile';
  await seller.post(`${profile}/features`, { intent: 'features', features: 'Sat nav', serviceHistory: 'full' });
  await seller.post(`${profile}/finance`, { intent: 'finance', outstanding: 'no' });
  await seller.post(`${profile}/issues`, { intent: 'issues', declared: 'no' });
  await seller.post(`${profile}/keys`, { intent: 'keys', keys: '2' });
  for (const slot of PHOTO_SLOTS) {
    await seller.post(`${profile}/photos`, {
      intent: 'photo',
      slot: slot.id,
      file: file(jpeg(200, 200, 10_000), `${slot.id}.jpg`, 'image/jpeg'),
    });
  }
  await seller.post(`${profile}/timeline`, { intent: 'enter-sale' });
  // The sale runs on the product's clock: move it on a second at a time until the offer is there.
  for (let i = 0; i < 40 && (await seller.get('/KE19FTA/accept-offer')).status !== 200; i++) await workers.clock.advance(1_000);
  await seller.post('/KE19FTA/accept-offer', { intent: 'accept' });
  await seller.post((await seller.get('/KE19FTA/confirm-sale')).headers.get('location')!, {});
  await seller.post('/KE19FTA/add-bank-details', { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' });
  await seller.post('/KE19FTA/upload-documents', { intent: 'upload', kind: 'v5c', file: file(pdf('V5C'), 'v5c.pdf', 'application/pdf') });
  await seller.post('/KE19FTA/upload-documents', {
    intent: 'upload',
    kind: 'driving-licence',
    file: file(jpeg(), 'licence.jpg', 'image/jpeg'),
  });
  await seller.post('/KE19FTA/upload-documents', { intent: 'submit' });
  const page = await (await seller.get('/KE19FTA/collection')).text();
  const day = /name="date"[^>]*value="(\d{4}-\d{2}-\d{2})"/.exec(page)![1]!;
  expect((await seller.post('/KE19FTA/collection', { date: day, slot: 'morning' })).headers.get('location')).toBe('/KE19FTA/review-status');
  return seller;
}

/** Every action, who posts to it, and the field names its forms use (fuzzed bodies favour them). */
export const ACTIONS: { path: string; as: 'visitor' | 'seller'; fields: string[] }[] = [
  { path: '/?index', as: 'visitor', fields: ['vrm'] },
  { path: '/mileage', as: 'visitor', fields: ['intent', 'mileage'] },
  { path: '/KE19FTA?index', as: 'visitor', fields: ['intent', 'name', 'email', 'phone', 'postcode', 'marketingConsent'] },
  { path: '/sign-in', as: 'visitor', fields: ['email', 'redirectTo'] },
  { path: '/auth/verify', as: 'visitor', fields: ['token'] },
  { path: '/sell-my-car/brands/ford', as: 'visitor', fields: ['vrm'] },
  { path: '/sell-my-car', as: 'visitor', fields: ['vrm'] },
  { path: '/checkout/scrap', as: 'visitor', fields: [] },
  { path: '/unsubscribe', as: 'visitor', fields: ['token'] },
  { path: '/cookie-consent', as: 'visitor', fields: ['consent', 'redirectTo'] },
  { path: '/sticky-vrm', as: 'visitor', fields: ['redirectTo'] },
  { path: '/api/client-report', as: 'visitor', fields: ['kind', 'reason'] },
  { path: '/api/page-view', as: 'visitor', fields: ['path'] },
  { path: '/dev/flags', as: 'visitor', fields: ['hideSupportWidget', 'intent'] },
  { path: '/KE19FTA/profile/features', as: 'seller', fields: ['intent', 'features', 'serviceHistory'] },
  { path: '/KE19FTA/profile/finance', as: 'seller', fields: ['intent', 'outstanding', 'lender', 'settlement'] },
  { path: '/KE19FTA/profile/photos', as: 'seller', fields: ['intent', 'slot', 'file'] },
  { path: '/KE19FTA/profile/timeline', as: 'seller', fields: ['intent'] },
  { path: '/KE19FTA?index', as: 'seller', fields: ['intent'] },
  { path: '/KE19FTA/accept-offer', as: 'seller', fields: ['intent'] },
  { path: '/KE19FTA/confirm-sale?valuation_ref=1', as: 'seller', fields: [] },
  { path: '/KE19FTA/add-bank-details', as: 'seller', fields: ['accountName', 'sortCode', 'accountNumber'] },
  { path: '/KE19FTA/upload-documents', as: 'seller', fields: ['intent', 'kind', 'documentId', 'file'] },
  { path: '/KE19FTA/finance-payment-details', as: 'seller', fields: ['intent'] },
  { path: '/KE19FTA/collection', as: 'seller', fields: ['date', 'slot', 'notes', 'addressId'] },
  { path: '/KE19FTA/review-status', as: 'seller', fields: [] },
  { path: '/account?index', as: 'seller', fields: ['intent', 'vrm', 'vehicleId'] },
  { path: '/account/details', as: 'seller', fields: ['name', 'email', 'phone', 'postcode'] },
  { path: '/account/preferences', as: 'seller', fields: ['marketing'] },
  { path: '/sign-out', as: 'visitor', fields: [] },
  // The free tools, and the endpoints added with the content and landing pages.
  { path: '/ulez-checker', as: 'visitor', fields: ['vrm'] },
  { path: '/mot-check', as: 'visitor', fields: ['vrm'] },
  { path: '/mot-check/results?vrm=KE19FTA', as: 'visitor', fields: ['email', 'mobile'] },
  { path: '/mot-check/confirm?vrm=KE19FTA', as: 'visitor', fields: ['token'] },
  { path: '/car-tax-check', as: 'visitor', fields: ['vrm'] },
  { path: '/car-value-tracker', as: 'visitor', fields: ['vrm'] },
  { path: '/car-value-tracker/mileage', as: 'visitor', fields: ['intent', 'mileage'] },
  { path: '/car-value-tracker/sign-in', as: 'visitor', fields: ['intent', 'email', 'name', 'phone', 'postcode'] },
  { path: '/car-value-tracker/KE19FTA', as: 'seller', fields: ['intent'] },
  { path: '/api/content/make', as: 'visitor', fields: ['make'] },
  { path: '/unsubscribe/sms', as: 'visitor', fields: ['token'] },
];

export type Body = { contentType: string | null; body: string | Uint8Array<ArrayBuffer> };

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'accept',
    'decline',
    'enter-sale',
    'relist',
    'submit',
    'delete',
    'upload',
    'remove',
    'yes',
    'no',
    'on',
    'morning',
    'afternoon',
    '2030-01-01',
    'KE19FTA',
    '08-99-99',
    '66374958',
    'a@b.co',
    '%',
    '%zz',
    '<script>',
    '../../etc',
    '\u0000',
    'x'.repeat(5000),
  ),
);

function formBody(fields: string[]) {
  const name = fields.length ? fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 12 })) : fc.string({ maxLength: 12 });
  return fc.array(fc.tuple(name, text), { maxLength: 8 });
}

/** The bodies: forms of every encoding, and things that are not forms or not whole. */
export function bodies(fields: string[]): fc.Arbitrary<Body> {
  const urlencoded = formBody(fields).map((pairs): Body => ({
    contentType: 'application/x-www-form-urlencoded',
    body: new URLSearchParams(pairs).toString(),
  }));
  const multipart = fc.tuple(formBody(fields), fc.boolean(), fc.nat({ max: 400 })).map(([pairs, cut, at]): Body => {
    const boundary = 'fuzzboundary';
    const parts = pairs
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, '')}"\r\n\r\n${v}\r\n`)
      .join('');
    const whole = `${parts}--${boundary}--\r\n`;
    return { contentType: `multipart/form-data; boundary=${boundary}`, body: cut ? whole.slice(0, at) : whole };
  });
  const rawForm = fc
    .tuple(
      fc.constantFrom('application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x'),
      fc.string({ maxLength: 200 }),
    )
    .map(([contentType, body]): Body => ({ contentType, body }));
  const notAForm = fc
    .tuple(
      fc.constantFrom(
        null,
        'application/json',
        'text/plain',
        'application/xml',
        'application/octet-stream',
        'text/html; charset=utf-8',
        'image/png',
        '',
      ),
      fc.oneof(
        fc.json().map((j) => j as string),
        fc.string({ maxLength: 200 }),
        fc.uint8Array({ maxLength: 200 }).map((u) => new Uint8Array(u)),
      ),
    )
    .map(([contentType, body]): Body => ({ contentType, body }));
  return fc.oneof(urlencoded, multipart, rawForm, notAForm);
}

export const STACK_TRACE = /\n\s+at \S+ \(|at [\w.$]+ \([^)]*:\d+:\d+\)|node_modules|\.tsx?:\d+/;

export async function send(workers: Workers, browser: Browser, path: string, { contentType, body }: Body) {
  const headers = new Headers();
  if (contentType !== null) headers.set('content-type', contentType);
  headers.set('cookie', [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  headers.set('cf-connecting-ip', browser.ip ?? '203.0.113.99');
  return workers.fetch(path, { method: 'POST', headers, body });
}

/** The property for each action: whatever is posted, never a 5xx and never a stack trace. */
export function fuzzEveryAction(actions: typeof ACTIONS, context: () => { workers: Workers; browser: Browser }) {
  // The actions side by side (vitest's default of five at a time): each property waits on the
  // workers between its posts. Whatever a post changes, every assertion here holds for any state.
  describe.concurrent('fuzzed posts to every action', () => {
    it.each(actions.map((a) => [`${a.as} → ${a.path}`, a] as const))(
      '%s never answers 5xx or shows a stack trace',
      { timeout: 120_000 },
      async (_name, action) => {
        const { workers, browser } = context();
        await fc.assert(
          fc.asyncProperty(bodies(action.fields), async (body) => {
            const response = await send(workers, browser, action.path, body);
            const html = await response.text();
            expect(
              response.status,
              `${response.status} for ${JSON.stringify(body.contentType)} ${String(body.body).slice(0, 120)}`,
            ).toBeLessThan(500);
            expect(html).not.toMatch(STACK_TRACE);
          }),
          { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
        );
      },
    );
  });
}
