import { expect } from 'vitest';
import { Browser } from './browser';
import { file, jpeg, pdf } from './files';
import { PHOTO_SLOTS } from '../../contract/documents';
import { seal, unseal } from '../../app/lib/seal';
import { DEV_SECRET, workersByFetch, type Workers } from './workers';

const SESSION_COOKIE = 'kerbside_session';

let counter = 0;
/** A new seller on their own connection (the platform rate-limits per IP). */
export function newSeller(workers: Workers, options: { runsScripts?: boolean } = {}) {
  counter += 1;
  return new Browser(workers.fetch, { ip: `192.0.2.${counter % 250}`, ...options });
}

export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.co.uk`;

let mobiles = 0;
/**
 * A mobile of the seller's own: a number is sent only so many texts a day across accounts
 * (docs/sign-in-limits.md), so sellers in one file do not share one.
 */
export const uniqueMobile = () => `07400 2${String(++mobiles).padStart(5, '0')}`;
/** '07400 123456' → '+447400123456', as the platform stores it. */
export const e164 = (national: string) => `+44${national.replace(/\s/g, '').slice(1)}`;

export const SELLER = { name: 'Sarah Kennedy', phone: '07400 123456', postcode: 'ls1 4dy' };

/** Registration → mileage → the vehicle page, as an anonymous seller. */
export async function valueCar(browser: Browser, vrm = 'KE19FTA', mileage = '65000') {
  expect((await browser.post('/?index', { vrm })).headers.get('location')).toBe('/mileage');
  const response = await browser.post('/mileage', { intent: 'confirm', mileage });
  expect(response.headers.get('location')).toBe(`/${vrm}`);
}

/**
 * Signs up on the vehicle page and, as a genuine seller does next, opens the link e-mailed to
 * prove the address (without it, accepting an offer, bank details and documents wait). The answer
 * is the sign-up's own. `prove: false` leaves the address unproven.
 */
export async function signUp(
  browser: Browser,
  email: string,
  vrm = 'KE19FTA',
  extra: Record<string, string> = {},
  { prove = true, confirmMobile = prove }: { prove?: boolean; confirmMobile?: boolean } = {},
) {
  const phone = extra.phone ?? uniqueMobile();
  const response = await browser.post(`/${vrm}?index`, { ...SELLER, email, phone, ...extra });
  if (prove && response.status === 302 && response.headers.get('location') === `/${vrm}`) {
    const proven = await openLatestLink(browser, email);
    // Then the code texted at sign-up, on the page the proof leads to, as a genuine seller does.
    const next = proven.headers.get('location') ?? '';
    if (confirmMobile && next.startsWith('/account/mobile')) await enterMobileCode(browser, phone, next);
  }
  return response;
}

/** The newest code texted to a mobile (the development outbox). */
export async function latestMobileCode(workers: Workers, national: string): Promise<string | null> {
  const row = await workers.db
    .prepare("SELECT body FROM outbox WHERE channel = 'sms' AND to_phone = ?1 AND body LIKE '%is your code%' ORDER BY id DESC LIMIT 1")
    .bind(e164(national))
    .first<{ body: string }>();
  return row ? (/(\d{6}) is your code/.exec(row.body)?.[1] ?? null) : null;
}

/** Enters the code texted to the mobile on its page (`page` keeps the page's `next`). */
export async function enterMobileCode(browser: Browser, national: string, page = '/account/mobile') {
  const workers = workersByFetch.get(browser.fetcher);
  if (!workers) throw new Error('enterMobileCode needs a browser on workers from startWorkers');
  const code = await latestMobileCode(workers, national);
  if (!code) throw new Error(`no code was texted to ${national}`);
  const confirmed = await browser.post(page, { intent: 'code', code });
  expect(confirmed.status, await confirmed.clone().text()).toBe(302);
  return confirmed;
}

/** Opens the newest link e-mailed to the address in this browser: the page, then its button. */
export async function openLatestLink(browser: Browser, email: string, form: Record<string, string> = {}) {
  const workers = workersByFetch.get(browser.fetcher);
  if (!workers) throw new Error('openLatestLink needs a browser on workers from startWorkers');
  const link = new URL((await latestEmail(workers, email))!.link!);
  const page = await browser.get(link.pathname + link.search);
  expect(page.status).toBe(200);
  return browser.post(link.pathname + link.search, { token: link.searchParams.get('token')!, ...form });
}

/** The session cookie's data, opened with the development secret the tests run with (it is sealed). */
export async function sessionData(browser: Browser): Promise<Record<string, any>> {
  const sealed = decodeURIComponent(browser.cookies.get(SESSION_COOKIE) ?? '');
  return sealed ? (((await unseal(sealed, [DEV_SECRET], SESSION_COOKIE)) as Record<string, any> | null) ?? {}) : {};
}

/** The newest e-mail the platform sent to an address (the development outbox). */
export async function latestEmail(workers: Workers, to: string) {
  const { emails } = (await (await workers.platform(`/platform/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as {
    emails: { subject: string; body: string; link: string | null }[];
  };
  return emails[0];
}

/** Signs in by e-mail link: asks for the link, opens it, and confirms it, as a seller would. */
export async function signInByLink(workers: Workers, browser: Browser, email: string, redirectTo = '/account') {
  const asked = await browser.post('/sign-in', { email, redirectTo });
  expect(asked.headers.get('location')).toBe('/sign-in?sent');
  return openLatestLink(browser, email);
}

/** Rewrites the session cookie as the app would seal it (tests know the development secret). */
export async function writeSession(browser: Browser, data: Record<string, unknown>, secret: string) {
  browser.cookies.set(SESSION_COOKIE, await seal(data, secret, SESSION_COOKIE));
}

/**
 * A seller who has sold a car with us (what refer a friend asks): signed up, bank details confirmed
 * through the platform, and the sale marked paid as the platform marks it when the dealer pays.
 */
export async function sellerWhoSold(
  workers: Workers,
  account = { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' },
) {
  const browser = newSeller(workers);
  await valueCar(browser);
  const email = uniqueEmail('sold');
  expect((await signUp(browser, email)).status).toBe(302);
  const idToken: string = (await sessionData(browser)).auth.idToken;
  const call = (path: string, body: Record<string, unknown>) =>
    workers.platform(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mway-authorization': idToken },
      body: JSON.stringify(body),
    });
  const user = (await (await workers.platform('/platform/user', { headers: { 'x-mway-authorization': idToken } })).json()) as {
    vehicles: { enquiry: { id: number } }[];
  };
  const enquiryId = user.vehicles[0]!.enquiry.id;
  expect((await call('/platform/payments/beneficiaries/update', { enquiryId, ...account })).status).toBe(200);
  expect((await call('/platform/payments/beneficiaries/confirmation', { enquiryId })).status).toBe(200);
  await workers.db
    .prepare("UPDATE enquiries SET dp_state_slug = 'sold-invoice-paid', status = 'sold_invoice_paid' WHERE id = ?1")
    .bind(enquiryId)
    .run();
  return { browser, email, enquiryId };
}

/** The whole vehicle profile, answered as a seller with nothing to declare would: the car is ready to enter the sale. */
export async function completeProfile(browser: Browser, vrm = 'KE19FTA') {
  const profile = `/${vrm}/profile`;
  await browser.post(`${profile}/features`, { intent: 'features', features: 'Sat nav', serviceHistory: 'full' });
  await browser.post(`${profile}/finance`, { intent: 'finance', outstanding: 'no' });
  await browser.post(`${profile}/issues`, { intent: 'issues', declared: 'no' });
  await browser.post(`${profile}/keys`, { intent: 'keys', keys: '2' });
  for (const slot of PHOTO_SLOTS) {
    await browser.post(`${profile}/photos`, { intent: 'photo', slot: slot.id, file: file(jpeg(), `${slot.id}.jpg`, 'image/jpeg') });
  }
}

/**
 * A signed-up seller whose car is sold, checked and booked for collection on the first morning
 * offered: the profile (nothing declared unless `declare` names an issue kind), the daily sale
 * (the file's workers must start it SALE_START_DELAY_SECONDS after entry; `pastTheSaleMs` moves the
 * clock past its end), the offer accepted and confirmed, bank details, the V5C and licence. The
 * agreed price comes back with the seller.
 */
export async function sellerBookedForCollection(
  workers: Workers,
  vrm: string,
  options: { pastTheSaleMs: number; declare?: string; account?: { sortCode: string; accountNumber: string } },
) {
  const seller = newSeller(workers);
  await valueCar(seller, vrm, '65000');
  const email = uniqueEmail('collection');
  expect((await signUp(seller, email, vrm)).status).toBe(302);
  const profile = `/${vrm}/profile`;
  await seller.post(`${profile}/features`, { intent: 'features', features: 'Sat nav', serviceHistory: 'full' });
  await seller.post(`${profile}/finance`, { intent: 'finance', outstanding: 'no' });
  await seller.post(
    `${profile}/issues`,
    options.declare ? { intent: 'issues', declared: 'yes', kinds: options.declare } : { intent: 'issues', declared: 'no' },
  );
  await seller.post(`${profile}/keys`, { intent: 'keys', keys: '2' });
  for (const slot of PHOTO_SLOTS) {
    await seller.post(`${profile}/photos`, {
      intent: 'photo',
      slot: slot.id,
      file: file(jpeg(200, 200, 10_000), `${slot.id}.jpg`, 'image/jpeg'),
    });
  }
  expect((await seller.post(`${profile}/timeline`, { intent: 'enter-sale' })).headers.get('location')).toBe(`/${vrm}`);
  await workers.clock.advance(options.pastTheSaleMs);
  const offer = await (await seller.get(`/${vrm}/accept-offer`)).text();
  const agreed = Number(/Your highest offer[^£]*£([\d,]+)/.exec(offer.replace(/<[^>]+>/g, ' '))![1]!.replace(/,/g, ''));
  await seller.post(`/${vrm}/accept-offer`, { intent: 'accept' });
  await seller.post((await seller.get(`/${vrm}/confirm-sale`)).headers.get('location')!, {});
  const account = options.account ?? { sortCode: '08-99-99', accountNumber: '66374958' };
  await seller.post(`/${vrm}/add-bank-details`, { accountName: 'Sarah Kennedy', ...account });
  await seller.post(`/${vrm}/upload-documents`, { intent: 'upload', kind: 'v5c', file: file(pdf('V5C'), 'v5c.pdf', 'application/pdf') });
  await seller.post(`/${vrm}/upload-documents`, {
    intent: 'upload',
    kind: 'driving-licence',
    file: file(jpeg(), 'licence.jpg', 'image/jpeg'),
  });
  expect((await seller.post(`/${vrm}/upload-documents`, { intent: 'submit' })).headers.get('location')).toBe(`/${vrm}/review-status`);
  const day = /name="date"[^>]*value="(\d{4}-\d{2}-\d{2})"/.exec(await (await seller.get(`/${vrm}/collection`)).text())![1]!;
  expect((await seller.post(`/${vrm}/collection`, { date: day, slot: 'morning' })).headers.get('location')).toBe(`/${vrm}/review-status`);
  return { seller, agreed, email };
}
