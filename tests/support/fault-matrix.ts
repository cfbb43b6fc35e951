import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PHOTO_SLOTS } from '../../contract/documents';
import { PREFERENCES_FAILED_MESSAGE, ROBOT_MESSAGE, SIGN_UP_FAILED_MESSAGE } from '../../app/lib/auth-messages';
import { TIMEOUT_MESSAGE } from '../../app/lib/failures.server';
import { timeoutFor } from '../../app/lib/gateway.server';
import { Browser, mainText } from './browser';
import { file, jpeg, pdf } from './files';
import { SELLER, signUp, uniqueEmail, valueCar } from './sellers';
import { FAULTS, startWorkers, type Fault, type Workers } from './workers';

/**
 * The fault matrix's rows and cells (docs/decisions/010), run by two files side by side (each with
 * its own pair of workers): tests/fault-matrix.test.ts has every step × six faults,
 * tests/fault-matrix-rest.test.ts the tools, the whole platform down and the refusals. One file ran
 * alone at the end of the integration layer for over three minutes.
 */
export function faultMatrix(part: 'steps' | 'rest') {
  // The other file's blocks are not registered at all (not shown as skipped).
  const notHere = (() => undefined) as unknown as typeof describe.concurrent;
  const notHereIt = (() => undefined) as unknown as typeof it;

  /**
   * The fault matrix (docs/decisions/010): every journey step that calls the platform, against the
   * platform failing in six ways. Each cell: the same page, a clear message, the typed values kept,
   * a status that fits, never the generic error page, and the step still works once the platform is
   * back. A step is one row of STEPS; a tool's form joins the matrix with one more row.
   */
  // Rows wait on timeouts more than they work: let more of them wait at once.
  vi.setConfig({ maxConcurrency: 12 });

  /**
   * The gateway's timeouts (5 s, 10 s, 20 s for payments) at two fifths: a slow platform is still one
   * the app gives up on, without a row sitting through 20 seconds, and the calls that are not faulted
   * have two seconds or more: at a fifth (one second), a page's unfaulted call to a busy machine
   * timed out now and then, and the MOT check's "then back up" row failed with a 503.
   */
  const TIMEOUT_SCALE = 0.4;
  /** A slow fault answers a second after the app has given up. */
  const slowDelay = (platformPath: string) => Math.round(timeoutFor(platformPath) * TIMEOUT_SCALE) + 1_000;

  let workers: Workers;
  beforeAll(async () => {
    workers = await startWorkers({
      withFaults: true,
      appVars: { FEATURE_FLAGS: '{"devMailbox":true}', ENVIRONMENT: 'development', GATEWAY_TIMEOUT_SCALE: String(TIMEOUT_SCALE) },
      platformVars: { PROVIDER_LATENCY_MS: '0', SALE_START_DELAY_SECONDS: '1', SALE_WINDOW_SECONDS: '3' },
    });
  });
  afterAll(() => workers?.dispose());

  let sellers = 0;
  /** Each row's seller has an address of its own, so its faults touch no one else's calls. */
  const newBrowser = () => new Browser(workers.fetch, { ip: `198.51.${100 + Math.floor(++sellers / 250)}.${sellers % 250}` });

  type Stage =
    | 'anonymous'
    | 'looked-up'
    | 'valued'
    | 'signed-up'
    | 'issues-declared'
    | 'profiled'
    | 'under-offer'
    | 'accepted'
    | 'confirmed'
    | 'reviewed'
    | 'booked';

  /** Gets a new seller to a point of the journey the way a seller would, through the app's forms. */
  async function reach(stage: Stage): Promise<Browser> {
    const b = newBrowser();
    if (stage === 'anonymous') return b;
    if (stage === 'looked-up') {
      expect((await b.post('/?index', { vrm: 'KE19FTA' })).headers.get('location')).toBe('/mileage');
      return b;
    }
    await valueCar(b);
    if (stage === 'valued') return b;
    expect((await signUp(b, uniqueEmail('faults'))).status).toBe(302);
    if (stage === 'signed-up') return b;
    if (stage === 'issues-declared') {
      await b.post('/KE19FTA/profile/issues', { intent: 'issues', declared: 'yes', kinds: 'bodywork' });
      return b;
    }
    const profile = '/KE19FTA/profile';
    await b.post(`${profile}/features`, { intent: 'features', features: 'Sat nav', serviceHistory: 'full' });
    await b.post(`${profile}/finance`, { intent: 'finance', outstanding: 'no' });
    await b.post(`${profile}/issues`, { intent: 'issues', declared: 'no' });
    await b.post(`${profile}/keys`, { intent: 'keys', keys: '2' });
    for (const slot of PHOTO_SLOTS) {
      const sent = await b.post(`${profile}/photos`, {
        intent: 'photo',
        slot: slot.id,
        file: file(jpeg(200, 200, 10_000), `${slot.id}.jpg`, 'image/jpeg'),
      });
      expect(sent.headers.get('location'), slot.id).toBe(`${profile}/photos`);
    }
    if (stage === 'profiled') return b;
    expect((await b.post(`${profile}/timeline`, { intent: 'enter-sale' })).headers.get('location')).toBe('/KE19FTA');
    // The sale runs on the product's clock: move it on a second at a time until the offer is there.
    for (let i = 0; i < 40 && (await b.get('/KE19FTA/accept-offer')).status !== 200; i++) await workers.clock.advance(1_000);
    if (stage === 'under-offer') return b;
    expect((await b.post('/KE19FTA/accept-offer', { intent: 'accept' })).status).toBe(302);
    if (stage === 'accepted') return b;
    const withRef = (await b.get('/KE19FTA/confirm-sale')).headers.get('location')!;
    expect((await b.post(withRef, {})).headers.get('location')).toBe('/KE19FTA/add-bank-details');
    if (stage === 'confirmed') return b;
    await b.post('/KE19FTA/add-bank-details', { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' });
    await b.post('/KE19FTA/upload-documents', { intent: 'upload', kind: 'v5c', file: file(pdf('V5C'), 'v5c.pdf', 'application/pdf') });
    await b.post('/KE19FTA/upload-documents', {
      intent: 'upload',
      kind: 'driving-licence',
      file: file(jpeg(), 'licence.jpg', 'image/jpeg'),
    });
    expect((await b.post('/KE19FTA/upload-documents', { intent: 'submit' })).headers.get('location')).toBe('/KE19FTA/review-status');
    if (stage === 'reviewed') return b;
    const page = await (await b.get('/KE19FTA/collection')).text();
    const day = /name="date"[^>]*value="(\d{4}-\d{2}-\d{2})"/.exec(page)![1]!;
    expect((await b.post('/KE19FTA/collection', { date: day, slot: 'morning' })).headers.get('location')).toBe('/KE19FTA/review-status');
    return b;
  }

  /** Whether the page has this choice ticked (React writes checked="" after the value). */
  const ticked = (html: string, name: string, value: string) =>
    (html.match(/<input\b[^>]*>/g) ?? []).some(
      (tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`) && /\schecked=""/.test(tag),
    );

  interface Step {
    name: string;
    stage: Stage;
    /** The platform call the step makes to do what the seller asked (a regular expression). */
    platform: string;
    /** The app's address the form posts to, and what the seller sent (read from the page when needed). */
    post: (b: Browser) => Promise<{ path: string; form: Record<string, string | File> }>;
    /** Words of the step's own page: the answer is that page, not another. */
    page: string;
    /** What the seller typed, checked in the page that answers the failure. */
    kept?: (html: string, form: Record<string, string | File>) => void;
    /** Where the step goes once the platform answers again. */
    done: string | RegExp;
    /**
     * The hero lookup keeps its panel in the session and redirects to the hero (docs/behaviour/entry.md#states), so a
     * reload shows it again: the cell follows that redirect.
     */
    redirectsTo?: string;
    /** Messages this step words itself (docs/behaviour/errors.md#catalogue), by fault. */
    messages?: Partial<Record<Fault, string>>;
    /**
     * Words of the step's page opened while the whole platform is down, when it is neither the form
     * nor the outage notice: a tool's result page shows its check's panel, with the registration form.
     */
    outagePage?: string;
  }

  const LOOKUP_MESSAGES: Partial<Record<Fault, string>> = {
    unreachable: 'Bad request',
    slow: 'Bad request',
    'server-error': 'Bad request',
    malformed: 'Bad request',
    unauthorized: 'Bad request',
    'rate-limited': 'Too many requests',
  };

  const fixed = (path: string, form: Record<string, string | File>) => async () => ({ path, form });

  const STEPS: Step[] = [
    {
      name: 'lookup',
      stage: 'anonymous',
      platform: '^/platform/vehicles/lookup$',
      post: fixed('/?index', { vrm: 'KE19FTA' }),
      redirectsTo: '/',
      page: 'The way to sell your car',
      kept: (html) => expect(html).toMatch(/value="KE19\s?FTA"/),
      done: '/mileage',
      messages: { ...LOOKUP_MESSAGES, 'rate-limited': 'We have detected you are making a lot of requests to Kerbside' },
    },
    {
      name: 'mileage',
      stage: 'looked-up',
      platform: '^/platform/create-enquiry$',
      post: fixed('/mileage', { intent: 'confirm', mileage: '65,000' }),
      page: 'Sell your car the Kerbside way',
      kept: (html) => expect(html).toContain('value="65,000"'),
      done: '/KE19FTA',
    },
    {
      name: 'sign-up',
      stage: 'valued',
      platform: '^/platform/api/authn/signup$',
      // An address of its own each time: the step runs in more than one table, and each signs up for real at the end.
      post: async () => ({ path: '/KE19FTA?index', form: { ...SELLER, email: uniqueEmail('faulty.signup') } }),
      page: 'See your full valuation',
      kept: (html, form) => {
        expect(html).toContain(`value="${form.email}"`);
        expect(html).toContain('value="Sarah Kennedy"');
        expect(html).toContain('value="07400 123456"');
      },
      done: '/KE19FTA',
    },
    {
      name: 'sign-in',
      stage: 'anonymous',
      platform: '^/platform/seller/generateOneTimeToken$',
      post: async () => {
        // Someone with an account, signing in on another browser.
        const email = uniqueEmail('signin');
        const phone = newBrowser();
        await valueCar(phone);
        expect((await signUp(phone, email)).status).toBe(302);
        return { path: '/sign-in', form: { email, redirectTo: '/account' } };
      },
      page: 'Sign in',
      kept: (html, form) => expect(html).toContain(`value="${form.email}"`),
      done: '/sign-in?sent',
      messages: { 'rate-limited': ROBOT_MESSAGE },
    },
    {
      name: 'profile: features',
      stage: 'signed-up',
      platform: '/vehicleDetails/update$',
      post: fixed('/KE19FTA/profile/features', { intent: 'features', features: 'Sat nav', serviceHistory: 'partial' }),
      page: 'Features and service history',
      kept: (html) => {
        expect(ticked(html, 'features', 'Sat nav')).toBe(true);
        expect(ticked(html, 'serviceHistory', 'partial')).toBe(true);
      },
      done: '/KE19FTA/profile/timeline',
    },
    {
      name: 'profile: finance',
      stage: 'signed-up',
      platform: '/vehicleDetails/update$',
      post: fixed('/KE19FTA/profile/finance', { intent: 'finance', outstanding: 'yes', lender: 'Northway Finance', settlement: '4,200' }),
      page: 'Is there finance outstanding',
      kept: (html) => {
        expect(ticked(html, 'outstanding', 'yes')).toBe(true);
        expect(html).toContain('value="Northway Finance"');
        expect(html).toContain('value="4,200"');
      },
      done: '/KE19FTA/profile/timeline',
    },
    {
      name: 'profile: damage',
      stage: 'signed-up',
      platform: '/vehicleDetails/update$',
      post: fixed('/KE19FTA/profile/issues', { intent: 'issues', declared: 'no' }),
      page: 'Does the car have any damage or faults?',
      kept: (html) => expect(ticked(html, 'declared', 'no')).toBe(true),
      done: '/KE19FTA/profile/timeline',
    },
    {
      name: 'profile: damage details',
      stage: 'issues-declared',
      platform: '/vehicleDetails/update$',
      post: fixed('/KE19FTA/profile/issues/details', { intent: 'issue-details', 'detail-bodywork': 'A dent in the rear door' }),
      page: 'Tell dealers about the damage',
      kept: (html) => expect(html).toContain('A dent in the rear door'),
      done: '/KE19FTA/profile/timeline',
    },
    {
      name: 'profile: keys',
      stage: 'signed-up',
      platform: '/vehicleDetails/update$',
      post: fixed('/KE19FTA/profile/keys', { intent: 'keys', keys: '3' }),
      page: 'How many keys do you have?',
      kept: (html) => expect(ticked(html, 'keys', '3')).toBe(true),
      done: '/KE19FTA/profile/timeline',
    },
    {
      name: 'profile: a photo',
      stage: 'signed-up',
      platform: '^/platform/premium/photos$',
      post: fixed('/KE19FTA/profile/photos', {
        intent: 'photo',
        slot: PHOTO_SLOTS[0]!.id,
        file: file(jpeg(200, 200, 10_000), 'front.jpg', 'image/jpeg'),
      }),
      page: 'Good photos get more bids',
      done: '/KE19FTA/profile/photos',
    },
    {
      name: 'enter the sale',
      stage: 'profiled',
      platform: '/enquiries/\\d+/update$',
      post: fixed('/KE19FTA/profile/timeline', { intent: 'enter-sale' }),
      page: 'Your profile is complete',
      done: '/KE19FTA',
    },
    {
      name: 'accept the offer',
      stage: 'under-offer',
      platform: '^/platform/premium/bids/accept-offer$',
      post: fixed('/KE19FTA/accept-offer', { intent: 'accept' }),
      page: 'Your highest offer',
      done: '/KE19FTA/confirm-sale-summary',
    },
    {
      name: 'decline the offer',
      stage: 'under-offer',
      platform: '^/platform/premium/bids/decline-offer$',
      post: fixed('/KE19FTA/accept-offer', { intent: 'decline' }),
      page: 'Your highest offer',
      done: '/KE19FTA',
    },
    {
      name: 'confirm the sale',
      stage: 'accepted',
      platform: '/enquiries/\\d+/confirm$',
      post: async (b) => ({ path: (await b.get('/KE19FTA/confirm-sale')).headers.get('location')!, form: {} }),
      page: 'Confirm your sale',
      done: '/KE19FTA/add-bank-details',
    },
    {
      name: 'bank details',
      stage: 'confirmed',
      platform: '^/platform/payments/beneficiaries/update$',
      post: fixed('/KE19FTA/add-bank-details', { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' }),
      page: 'Where should we pay you?',
      kept: (html) => {
        expect(html).toContain('value="Sarah Kennedy"');
        expect(html).toContain('value="08-99-99"');
        // Never the account number, not even in the data the page hydrates from.
        expect(html).not.toContain('66374958');
      },
      done: '/KE19FTA/upload-documents',
    },
    {
      name: 'upload a document',
      stage: 'confirmed',
      platform: '^/platform/vehicle/documents/upload$',
      post: fixed('/KE19FTA/upload-documents', { intent: 'upload', kind: 'v5c', file: file(pdf('V5C'), 'v5c.pdf', 'application/pdf') }),
      page: 'Upload your documents',
      done: '/KE19FTA/upload-documents',
    },
    {
      name: 'delete a document',
      stage: 'confirmed',
      platform: '^/platform/vehicle/documents/delete$',
      post: async (b) => {
        await b.post('/KE19FTA/upload-documents', { intent: 'upload', kind: 'v5c', file: file(pdf('V5C'), 'v5c.pdf', 'application/pdf') });
        const page = await (await b.get('/KE19FTA/upload-documents')).text();
        const documentId = /name="documentId" value="([^"]+)"/.exec(page)![1]!;
        return { path: '/KE19FTA/upload-documents', form: { intent: 'delete', documentId } };
      },
      page: 'Upload your documents',
      done: '/KE19FTA/upload-documents',
    },
    {
      name: 'send the documents',
      stage: 'confirmed',
      platform: '/documents/review/markAsSubmitted$',
      post: async (b) => {
        await b.post('/KE19FTA/upload-documents', { intent: 'upload', kind: 'v5c', file: file(pdf('V5C'), 'v5c.pdf', 'application/pdf') });
        await b.post('/KE19FTA/upload-documents', {
          intent: 'upload',
          kind: 'driving-licence',
          file: file(jpeg(), 'licence.jpg', 'image/jpeg'),
        });
        return { path: '/KE19FTA/upload-documents', form: { intent: 'submit' } };
      },
      page: 'Upload your documents',
      done: '/KE19FTA/review-status',
    },
    {
      name: 'collection',
      stage: 'reviewed',
      platform: '^/platform/seller-preferences/\\d+$',
      post: async (b) => {
        const page = await (await b.get('/KE19FTA/collection')).text();
        const days = [...page.matchAll(/name="date"[^>]*value="(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]!);
        return { path: '/KE19FTA/collection', form: { date: days[1] ?? days[0]!, slot: 'afternoon', notes: 'Side gate, ring twice' } };
      },
      page: 'Book your free collection',
      kept: (html) => {
        expect(ticked(html, 'slot', 'afternoon')).toBe(true);
        expect(html).toContain('Side gate, ring twice');
      },
      done: '/KE19FTA/review-status',
    },
    {
      name: 'review status (the dealer collects)',
      stage: 'booked',
      platform: '^/platform/dev/enquiries/\\d+/collect$',
      post: fixed('/KE19FTA/review-status', {}),
      page: 'Simulate the dealer arriving to collect',
      done: '/KE19FTA/sale-complete',
    },
    {
      name: 'account: details',
      stage: 'signed-up',
      platform: '^/platform/update-info$',
      post: fixed('/account/details', {
        name: 'Sarah Jane Kennedy',
        email: 'faulty.details@example.co.uk',
        phone: '07400 123457',
        postcode: 'M1 1AE',
      }),
      page: 'Your details',
      kept: (html) => {
        expect(html).toContain('value="Sarah Jane Kennedy"');
        expect(html).toContain('value="M1 1AE"');
      },
      // A new mobile is the account's once the code texted to it is entered (docs/decisions/031).
      done: '/account/mobile?next=%2Faccount%2Fdetails%3Fsaved',
    },
    {
      name: 'account: contact preferences',
      stage: 'signed-up',
      platform: '^/platform/v3/customers/update-crm-tier$',
      post: fixed('/account/preferences', { marketing: 'on' }),
      page: 'Contact preferences',
      kept: (html) =>
        expect(
          ticked(html, 'marketing', 'on') || (html.match(/<input\b[^>]*name="marketing"[^>]*>/)?.[0] ?? '').includes('checked=""'),
        ).toBe(true),
      done: '/account/preferences?saved',
      messages: {
        unreachable: PREFERENCES_FAILED_MESSAGE,
        slow: PREFERENCES_FAILED_MESSAGE,
        'server-error': PREFERENCES_FAILED_MESSAGE,
        malformed: PREFERENCES_FAILED_MESSAGE,
        unauthorized: PREFERENCES_FAILED_MESSAGE,
      },
    },
    {
      name: 'account: add a vehicle',
      stage: 'signed-up',
      platform: '^/platform/vehicles/lookup$',
      post: fixed('/account?index', { intent: 'add', vrm: 'KD15DSL' }),
      page: 'Add a vehicle',
      kept: (html) => expect(html).toContain('value="KD15DSL"'),
      done: '/account',
      messages: LOOKUP_MESSAGES,
    },
    {
      name: 'account: remove a vehicle',
      stage: 'signed-up',
      platform: '^/platform/remove-vehicle$',
      post: async (b) => {
        const page = await (await b.get('/account')).text();
        return { path: '/account?index', form: { intent: 'remove', vehicleId: /name="vehicleId" value="(\d+)"/.exec(page)![1]! } };
      },
      page: 'Your vehicles',
      done: '/account',
    },
    {
      name: 'account: sign out of all other devices',
      stage: 'signed-up',
      platform: '^/platform/api/sessions/revoke-others$',
      post: fixed('/account?index', { intent: 'sign-out-others' }),
      page: 'Where you are signed in',
      done: '/account?others-signed-out',
    },
    {
      name: 'tool: MOT reminders',
      stage: 'anonymous',
      platform: '/mot/notifications$',
      post: async () => ({ path: '/mot-check/results?vrm=KE19FTA', form: { email: uniqueEmail('mot'), mobile: '07400 123456' } }),
      page: 'Free MOT reminders',
      kept: (html, form) => {
        expect(html).toContain(`value="${form.email}"`);
        expect(html).toContain('value="07400 123456"');
      },
      done: '/mot-check/results?vrm=KE19FTA#reminders',
      outagePage: 'MOT check results',
    },
    {
      name: 'tool: confirm MOT reminders',
      stage: 'anonymous',
      platform: '/mot/notifications/confirm$',
      post: async (b) => {
        // The link from the confirmation e-mail, opened in the same browser.
        const email = uniqueEmail('mot-confirm');
        expect((await b.post('/mot-check/results?vrm=KE19FTA', { email, mobile: '' })).status).toBe(303);
        const { emails } = (await (await workers.platform(`/platform/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
          emails: { body: string }[];
        };
        const link = new URL(/Confirm MOT reminders: (\S+)/.exec(emails[0]!.body)![1]!);
        const page = await (await b.get(link.pathname + link.search)).text();
        return { path: link.pathname + link.search, form: { token: /name="token" value="([^"]+)"/.exec(page)![1]! } };
      },
      page: 'Confirm MOT reminders for KE19 FTA',
      kept: (html, form) => expect(html).toContain(`value="${form.token}"`),
      done: '/mot-check/confirm?vrm=KE19FTA&done',
    },
    {
      name: 'tool: track a car',
      stage: 'anonymous',
      platform: '^/platform/v3/trackers$',
      post: async (b) => {
        expect((await b.post('/car-value-tracker', { vrm: 'KE19FTA' })).headers.get('location')).toBe('/car-value-tracker/mileage');
        return { path: '/car-value-tracker/mileage', form: { intent: 'confirm', mileage: '65,000' } };
      },
      // Like the hero, the tracker keeps its panel in the session and shows it on its own step.
      redirectsTo: '/car-value-tracker/mileage',
      page: 'Car value tracker',
      kept: (html) => expect(html).toMatch(/value="65,?000"/),
      done: '/car-value-tracker/sign-in',
      messages: {
        unreachable: 'Unable to add the vehicle',
        slow: 'Unable to add the vehicle',
        'server-error': 'Unable to add the vehicle',
        malformed: 'Unable to add the vehicle',
        unauthorized: 'Unable to add the vehicle',
        'rate-limited': 'We have detected you are making a lot of requests to Kerbside',
      },
    },
  ];

  const STATUS: Record<Fault, number> = {
    unreachable: 503,
    slow: 504,
    'server-error': 503,
    malformed: 503,
    unauthorized: 503,
    'rate-limited': 429,
  };
  const MESSAGE: Record<Fault, string> = {
    unreachable: SIGN_UP_FAILED_MESSAGE,
    slow: TIMEOUT_MESSAGE,
    'server-error': SIGN_UP_FAILED_MESSAGE,
    malformed: SIGN_UP_FAILED_MESSAGE,
    unauthorized: SIGN_UP_FAILED_MESSAGE,
    'rate-limited': 'We have detected you are making a lot of requests to Kerbside. Please try again later.',
  };

  const GENERIC_ERROR_PAGE = /If it keeps happening, contact us|the page encountered an error|couldn't load this page/;
  const STACK_TRACE = /\n\s+at \S+ \(|at [\w.$]+ \([^)]*:\d+:\d+\)/;

  /** Where a browser that runs scripts sends the same form: Remix's single fetch posts to `{path}.data`. */
  function dataPath(path: string): string {
    const url = new URL(path, 'http://localhost');
    url.pathname = url.pathname === '/' ? '/_root.data' : `${url.pathname.replace(/\/$/, '')}.data`;
    return url.pathname + url.search;
  }

  /**
   * A single-fetch answer to a post (turbo-stream: one line, a flat array whose first item names the
   * rest by index): whether the action's reply came back (`data`), a thrown error (`error`, which the
   * browser shows as the route's error in place of the form) or a redirect; and its strings.
   */
  function singleFetchAnswer(body: string) {
    const values = JSON.parse(body.split('\n')[0]!) as unknown[];
    const root = values[0] as Record<string, number>;
    const [key] = Object.keys(root);
    return {
      kind: values[Number(key!.slice(1))] as string,
      target: values[root[key!]!],
      strings: values.filter((v): v is string => typeof v === 'string'),
    };
  }

  /**
   * The whole platform down (every call fails, reading the seller's sale included) and the form sent
   * by a browser that runs scripts: the answer is still the action's reply, with the message and
   * what was typed (never an account number), and nothing the browser would show as a page-load
   * failure in place of the form. The lookup and the tracker keep their panel and redirect to their
   * own page, which loads, with the panel and the registration, without the platform.
   */
  async function wholePlatformDownWithScripts(step: Step, seller: Browser, path: string, form: Record<string, string | File>) {
    const cell = `${step.name} × the whole platform down, with scripts`;
    const ip = seller.ip!;
    await workers.faults.inject({ ip, path: '.', fault: 'unreachable' });
    try {
      const response = await seller.post(dataPath(path), form);
      const body = await response.text();
      const answer = singleFetchAnswer(body);
      expect(body, cell).not.toMatch(STACK_TRACE);
      expect(body, cell).not.toContain('66374958');
      const message = step.messages?.unreachable ?? MESSAGE.unreachable;
      if (step.redirectsTo) {
        expect(answer.kind, cell).toBe('redirect');
        expect(answer.target, cell).toBe(step.redirectsTo);
        const page = await seller.get(step.redirectsTo);
        const html = await page.text();
        expect(page.status, cell).toBe(200);
        expect(mainText(html), cell).toContain(step.page);
        expect(mainText(html), cell).toContain(message);
        step.kept?.(html, form);
        return;
      }
      expect(answer.kind, cell).toBe('data');
      expect(response.status, cell).toBe(503);
      expect(
        answer.strings.some((s) => s.includes(message)),
        `${cell}: ${message}`,
      ).toBe(true);
      for (const [name, value] of Object.entries(form)) {
        if (typeof value === 'string' && name !== 'accountNumber') expect(answer.strings, `${cell}: ${name}`).toContain(value);
      }
    } finally {
      await workers.faults.clear(ip);
    }
  }

  /**
   * A step's form sent as a browser without scripts sends it, and the page that answers: the lookup's
   * and the tracker's answer is their own page, which they redirect to.
   */
  async function send(seller: Browser, step: Step, path: string, form: Record<string, string | File>, cell: string) {
    let response = await seller.post(path, form);
    if (step.redirectsTo) {
      expect(response.headers.get('location'), cell).toBe(step.redirectsTo);
      response = await seller.follow(response);
    }
    const html = await response.text();
    return { response, html, text: mainText(html) };
  }

  (part === 'steps' ? describe.concurrent : notHere)('the fault matrix: every step × six faults', () => {
    it.each(STEPS.map((step) => [step.name, step] as const))('%s', { timeout: 180_000 }, async (_name, step) => {
      const seller = await reach(step.stage);
      const ip = seller.ip!;
      const { path, form } = await step.post(seller);
      for (const fault of FAULTS) {
        const cell = `${step.name} × ${fault}`;
        await workers.faults.inject({
          ip,
          path: step.platform,
          method: 'POST',
          fault,
          delayMs: slowDelay(step.platform.replace(/[\^$\\]/g, '')),
        });
        const { response, html, text } = await send(seller, step, path, form, cell);
        const [rule] = await workers.faults.rules(ip);
        await workers.faults.clear(ip);

        expect(rule?.hits, `${cell}: the step calls ${step.platform}`).toBeGreaterThan(0);
        expect(response.status, cell).toBe(step.redirectsTo ? 200 : STATUS[fault]);
        expect(text, cell).toContain(step.page);
        expect(text, cell).toContain(step.messages?.[fault] ?? MESSAGE[fault]);
        expect(text, cell).not.toMatch(GENERIC_ERROR_PAGE);
        expect(html, cell).not.toMatch(STACK_TRACE);
        step.kept?.(html, form);
      }
      await wholePlatformDownWithScripts(step, seller, path, form);
      // Back up: the same form goes through, so nothing the failures left behind stands in its way.
      const again = await seller.post(path, form);
      const location = again.headers.get('location');
      expect([302, 303], `${step.name} after the faults`).toContain(again.status);
      if (typeof step.done === 'string') expect(location).toBe(step.done);
      else expect(location).toMatch(step.done);
    });
  });

  /**
   * The free tools' results, whose platform call is a page load rather than a form post: each
   * answers a failing platform with its own page, the checker's panel above the form, the
   * registration kept, and a status that fits; never the generic error page. Once the platform
   * answers again, so does the page.
   */
  const TOOLS = [
    {
      name: 'ULEZ checker',
      page: '/ulez-checker/KE19FTA',
      platform: '^/platform/v3/ulez/check$',
      method: 'POST',
      heading: 'ULEZ checker',
      ok: 'Yes: it meets the ULEZ standard',
    },
    {
      name: 'MOT check',
      page: '/mot-check/results?vrm=KE19FTA',
      platform: '/mot/checker/history$',
      method: 'GET',
      heading: 'MOT check results',
      ok: 'MOT history of',
    },
    {
      name: 'car tax check',
      page: '/car-tax-check/results?vrm=KE19FTA',
      platform: '^/platform/vehicle-checker/tax/',
      method: 'GET',
      heading: 'Car tax check',
      ok: 'Tax for',
    },
  ] as const;

  (part === 'rest' ? describe.concurrent : notHere)("the fault matrix: the tools' results × six faults", () => {
    it.each(TOOLS.map((tool) => [tool.name, tool] as const))('%s', { timeout: 120_000 }, async (_name, tool) => {
      for (const fault of FAULTS) {
        // A new visitor each time: the ULEZ checker keeps a result it has shown.
        const visitor = newBrowser();
        const cell = `${tool.name} × ${fault}`;
        await workers.faults.inject({
          ip: visitor.ip!,
          path: tool.platform,
          method: tool.method,
          fault,
          delayMs: slowDelay(tool.platform),
        });
        const response = await visitor.get(tool.page);
        const html = await response.text();
        const [rule] = await workers.faults.rules(visitor.ip!);
        await workers.faults.clear(visitor.ip!);
        expect(rule?.hits, `${cell}: the page calls ${tool.platform}`).toBeGreaterThan(0);
        expect(response.status, cell).toBe(fault === 'rate-limited' ? 429 : 503);
        expect(mainText(html), cell).toContain(tool.heading);
        expect(html, cell).toMatch(/role="alert"/);
        expect(html, cell).toMatch(/value="KE19\s?FTA"/);
        expect(mainText(html), cell).not.toMatch(GENERIC_ERROR_PAGE);
        expect(html, cell).not.toMatch(STACK_TRACE);
        const again = await visitor.get(tool.page);
        expect(again.status, `${cell}, then back up`).toBe(200);
        expect(mainText(await again.text()), `${cell}, then back up`).toContain(tool.ok);
      }
    });
  });

  /** The step's own page, as a seller opens it: what the form posts to, without Remix's `?index`. */
  const pageOf = (path: string) => path.replace(/[?&]index(?=&|$)/, '').replace(/\?$/, '') || '/';

  /** The generic error views: what a step's page never falls back to, outage or not. */
  const BARE_ERROR =
    /If it keeps happening, contact us|the page encountered an error|couldn't load this page|What you entered has not been sent/;

  /**
   * The whole platform down (every call fails, the page's own reads included) for a seller without
   * JavaScript, at every step of the matrix (docs/decisions/026). The plain post comes back with the
   * step's own page: its form, the message, what the seller typed (never the account number), and the
   * outage's status; never the page-load failure. Opening the step's page during the outage shows the
   * page in its frame (the seller's car above it) with either its form or a notice that says why it
   * can't and links to try again. Once the platform is back, the same form goes through.
   */
  (part === 'rest' ? describe.concurrent : notHere)('the whole platform down, without scripts: every step', () => {
    it.each(STEPS.map((step) => [step.name, step] as const))('%s', { timeout: 180_000 }, async (_name, step) => {
      const seller = await reach(step.stage);
      const ip = seller.ip!;
      const { path, form } = await step.post(seller);
      const cell = `${step.name} × the whole platform down, without scripts`;
      await workers.faults.inject({ ip, path: '.', fault: 'unreachable' });
      try {
        const { response, html, text } = await send(seller, step, path, form, cell);
        expect(response.status, cell).toBe(step.redirectsTo ? 200 : 503);
        expect(text, cell).toContain(step.page);
        expect(text, cell).toContain(step.messages?.unreachable ?? MESSAGE.unreachable);
        expect(text, cell).not.toMatch(BARE_ERROR);
        expect(html, cell).not.toMatch(STACK_TRACE);
        expect(html, cell).not.toContain('66374958');
        step.kept?.(html, form);
        if (path.startsWith('/KE19FTA')) expect(text, `${cell}: the seller's car`).toContain('KE19 FTA');

        const opened = `${step.name}: its page opened during the outage`;
        const page = await seller.get(pageOf(path));
        const pageHtml = await page.text();
        const pageText = mainText(pageHtml);
        expect([200, 503], opened).toContain(page.status);
        expect(pageText, opened).not.toMatch(BARE_ERROR);
        expect(pageHtml, opened).not.toMatch(STACK_TRACE);
        if (pageOf(path).startsWith('/KE19FTA')) expect(pageText, `${opened}: the seller's car`).toContain('KE19 FTA');
        if (step.outagePage) {
          expect(pageText, opened).toContain(step.outagePage);
          expect(pageHtml, opened).toMatch(/role="alert"/);
        } else if (!pageText.includes(step.page)) {
          // No form to show without the platform: the notice says so and links back to this page.
          expect(pageHtml, opened).toContain('data-testid="outage-notice"');
          expect(pageHtml, opened).toContain(`href="${pageOf(path).replace(/&/g, '&amp;')}"`);
          expect(pageText, opened).toContain('Try again in a minute');
        }
      } finally {
        await workers.faults.clear(ip);
      }
      const again = await seller.post(path, form);
      expect([302, 303], `${step.name} after the outage`).toContain(again.status);
      if (typeof step.done === 'string') expect(again.headers.get('location')).toBe(step.done);
      else expect(again.headers.get('location')).toMatch(step.done);
    });
  });

  /**
   * Every page of the seller's sale and account, opened while the whole platform is down: a 503 with
   * the page in its frame (the car's plate from the session), the outage notice and its link back to
   * the same page; never an error view. Without the platform no step redirects by the sale's state,
   * so one signed-up seller can open them all. Then the vehicle page's own form (relisting the car).
   */
  (part === 'rest' ? it : notHereIt)(
    'the whole platform down: every page of the sale and the account stands in its frame',
    { timeout: 120_000 },
    async () => {
      const seller = await reach('signed-up');
      const pages = [
        '/KE19FTA',
        '/KE19FTA/profile/timeline',
        '/KE19FTA/profile/photos',
        '/KE19FTA/accept-offer',
        '/KE19FTA/confirm-sale-summary',
        '/KE19FTA/add-bank-details',
        '/KE19FTA/upload-documents',
        '/KE19FTA/collection',
        '/KE19FTA/review-status',
        '/KE19FTA/finance-payment-details',
        '/KE19FTA/vehicle-payment',
        '/KE19FTA/purchasing-dealer-details',
        '/KE19FTA/sale-complete',
        '/account',
        '/account/details',
        '/account/preferences',
      ];
      await workers.faults.inject({ ip: seller.ip!, path: '.', fault: 'unreachable' });
      try {
        for (const path of pages) {
          const response = await seller.get(path);
          const html = await response.text();
          const text = mainText(html);
          expect(response.status, path).toBe(503);
          expect(text, path).not.toMatch(BARE_ERROR);
          expect(html, path).not.toMatch(STACK_TRACE);
          expect(html, path).toContain('data-testid="outage-notice"');
          expect(html, path).toMatch(new RegExp(`<a class="btn" href="${path}">Try again</a>`));
          if (path.startsWith('/KE19FTA')) expect(text, path).toContain('KE19 FTA');
        }
      } finally {
        await workers.faults.clear(seller.ip!);
      }
      // Back up, the same seller is sent where the sale's state says, as before.
      expect((await seller.get('/KE19FTA/sale-complete')).headers.get('location')).toBe('/KE19FTA');

      // Putting the car in the next sale, sent during the outage: the sale's panel can't be shown, so its form comes back alone.
      await workers.faults.inject({ ip: seller.ip!, path: '.', fault: 'unreachable' });
      const relist = await seller.post('/KE19FTA?index', { intent: 'relist' });
      const text = mainText(await relist.text());
      await workers.faults.clear(seller.ip!);
      expect(relist.status).toBe(503);
      expect(text).toContain(`Sell to our dealers ${MESSAGE.unreachable} We couldn’t save this`);
      expect(text).toContain('Put it in the next sale');
      expect(text).not.toMatch(BARE_ERROR);
    },
  );

  /**
   * The platform's rule refusals (409) are not outages: the step's own page, the platform's words,
   * the typed values, and the 409 itself. Every form row of the matrix, through one refusal.
   */
  (part === 'rest' ? describe.concurrent : notHere)("the platform's refusals", () => {
    // Sign-up's 409 means the e-mail has an account, and the lookup's carry their own codes: both are tested with their own words elsewhere.
    const refusable = STEPS.filter((step) => !step.redirectsTo && !['sign-in', 'sign-up', 'account: add a vehicle'].includes(step.name));
    it.each(refusable.map((step) => [step.name, step] as const))('%s', { timeout: 180_000 }, async (_name, step) => {
      const seller = await reach(step.stage);
      const { path, form } = await step.post(seller);
      await workers.faults.inject({ ip: seller.ip!, path: step.platform, method: 'POST', fault: 'refused' });
      const response = await seller.post(path, form);
      const html = await response.text();
      const [rule] = await workers.faults.rules(seller.ip!);
      await workers.faults.clear(seller.ip!);
      expect(rule?.hits, `the step calls ${step.platform}`).toBeGreaterThan(0);
      expect(response.status).toBe(409);
      expect(mainText(html)).toContain(step.page);
      expect(mainText(html)).toContain('This step has already been done for this sale.');
      expect(mainText(html)).not.toMatch(GENERIC_ERROR_PAGE);
      step.kept?.(html, form);
    });
  });
}
