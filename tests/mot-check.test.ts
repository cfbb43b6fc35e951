import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MotCheck, MotReminderResponse } from '../contract/mot';
import { Browser, mainText, textOf } from './support/browser';
import { startWorkers, type Workers } from './support/workers';

/** The MOT check and its reminders, through the app and the platform (spec 1 §7, spec 2 §2.1). */
let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0' } });
});
afterAll(() => workers?.dispose());

const check = async (vrm: string, ip = 'mot-check-tests') => {
  const response = await workers.platform(`/platform/vehicle-checker/${vrm}/mot/checker/history`, { headers: { 'x-client-ip': ip } });
  return { status: response.status, body: (await response.json()) as MotCheck & { code?: string } };
};
const subscribe = (vrm: string, body: Record<string, unknown>) =>
  workers.platform(`/platform/vehicle-checker/${vrm}/mot/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-ip': 'mot-reminder-tests' },
    body: JSON.stringify({ linkBase: 'http://localhost', ...body }),
  });
const outbox = async (to: string) =>
  ((await (await workers.platform(`/platform/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { emails: { subject: string; body: string }[] }).emails;
/** The day's Cron Trigger, on the day given. */
const runScheduled = (at: Date) => workers.runScheduled(at);
const DAY_MS = 86_400_000;
/** The page's headings, as read. */
const headings = (html: string) => [...html.matchAll(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => textOf(m[2]!));
/** 07:00 UTC (the Cron Trigger's hour) `days` before a due date. */
const beforeDue = (dueDate: string, days: number) => new Date(Date.parse(`${dueDate}T07:00:00Z`) - days * DAY_MS);

describe('the MOT checker endpoint', () => {
  it('gives the status, every test and the readings for a clean car', async () => {
    const { status, body } = await check('KE19FTA');
    expect(status).toBe(200);
    expect(body).toMatchObject({ vrm: 'KE19FTA', vrmPretty: 'KE19 FTA', make: 'Ford', model: 'Fiesta', status: 'valid', remindable: true });
    expect(body.tests.length).toBeGreaterThanOrEqual(4);
    expect(body.readings).toHaveLength(body.tests.length);
    expect(body.warnings).toEqual({ clocking: [], kilometres: false });
  });

  it('warns of clocking, kilometres, a dangerous failure, a new car and an exempt classic', async () => {
    expect((await check('KC16CLK')).body.warnings.clocking.length).toBeGreaterThan(0);
    expect((await check('KK18KMS')).body.warnings.kilometres).toBe(true);
    const failed = (await check('KF14FAL')).body;
    expect(failed.status).toBe('expired');
    expect(failed.tests[0]!.testResult).toBe('FAILED');
    expect(failed.tests[0]!.defects.some((d) => d.dangerous)).toBe(true);
    expect((await check('ABC123D')).body).toMatchObject({ status: 'exempt', remindable: false });
  });

  it('answers the lookup error codes for the failure registrations', async () => {
    expect(await check('ER19NFD')).toMatchObject({ status: 404, body: { code: 'vehicle_lookup_failed' } });
    expect(await check('ZZ12ZZZ')).toMatchObject({ status: 400, body: { code: 'invalid_vrm' } });
    expect(await check('ER19MNT')).toMatchObject({ status: 503, body: { code: 'not_available' } });
    expect(await check('ER19THR')).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
    expect((await workers.platform('/platform/vehicle-checker/KE19FTA/mot/checker/summary')).status).toBe(404);
  });

  it('is rate-limited per client like the lookup', async () => {
    const limited = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0', LOOKUP_RATE_LIMIT: '3' } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.platform('/platform/vehicle-checker/KE19FTA/mot/checker/history', { headers: { 'x-client-ip': 'hammer' } })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await limited.platform('/platform/vehicle-checker/KE19FTA/mot/checker/history', { headers: { 'x-client-ip': 'someone-else' } })).status).toBe(200);
    } finally {
      await limited.dispose();
    }
  });
});

describe('the MOT check pages', () => {
  it('goes from the form to bookmarkable results, without JavaScript', async () => {
    const browser = new Browser(workers.fetch);
    const posted = await browser.post('/mot-check', { vrm: 'ke19 fta' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/mot-check/results?vrm=KE19FTA');
    const page = await browser.follow(posted);
    expect(page.status).toBe(200);
    const text = mainText(await page.text());
    expect(text).toContain('MOT history of KE19 FTA');
    expect(text).toMatch(/MOT valid until \d+ \w+ \d{4}/);
    expect(text).toContain('Odometer readings at each MOT test');
    // A reload (a fresh visitor with the same address) shows the same.
    expect(mainText(await (await new Browser(workers.fetch).get('/mot-check/results?vrm=KE19FTA')).text())).toContain('MOT history of KE19 FTA');
  });

  it('keeps a malformed registration in the form with the field message', async () => {
    const response = await new Browser(workers.fetch).post('/mot-check', { vrm: 'NOT A REG!' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(mainText(html)).toContain('Enter a valid UK vehicle registration');
    expect(html).toContain('value="NOT A REG!"');
  });

  it('shows the lookup panels with the registration kept', async () => {
    const cases: [string, number, string][] = [
      ['ER19NFD', 404, 'Did we get the reg right?'],
      ['ZZ12ZZZ', 400, 'ZZ12 ZZZ is a not a valid reg'],
      ['ER19MNT', 503, 'Vehicle details unavailable'],
      ['ER19ERR', 503, 'Sorry, an error has occurred'],
      ['ER19THR', 429, 'Too many requests'],
    ];
    for (const [vrm, status, title] of cases) {
      const response = await new Browser(workers.fetch).get(`/mot-check/results?vrm=${vrm}`);
      expect(response.status, vrm).toBe(status);
      const html = await response.text();
      expect(mainText(html), vrm).toContain(title);
      expect(html, vrm).toMatch(/name="vrm"[^>]*value="[A-Z0-9 ]+"/);
    }
  });

  it('keeps a wrong reg under its panel, checks another from the same form, and checks again from Refresh', async () => {
    const browser = new Browser(workers.fetch);
    const posted = await browser.post('/mot-check', { vrm: 'ER19NFD' });
    expect(posted.headers.get('location')).toBe('/mot-check/results?vrm=ER19NFD');
    const wrong = await (await browser.follow(posted)).text();
    expect(headings(wrong)).toContain('Did we get the reg right?');
    // The form under the panel keeps the reg as typed, and its button says to check again.
    expect(wrong).toMatch(/<form method="post" action="\/mot-check" id="mot-check"[^>]*>(?:(?!<\/form>)[\s\S])*<label for="mot-check-vrm">Enter your reg<\/label>(?:(?!<\/form>)[\s\S])*name="vrm"[^>]*value="ER19 NFD"(?:(?!<\/form>)[\s\S])*<button[^>]*>Check again<\/button><\/form>/);
    const another = await browser.post('/mot-check', { vrm: 'KF14FAL' });
    expect(another.headers.get('location')).toBe('/mot-check/results?vrm=KF14FAL');
    const failed = headings(await (await browser.follow(another)).text());
    expect(failed).toContainEqual(expect.stringMatching(/^MOT expired on /));
    expect(failed).toContain('Dangerous (1)');

    const unavailable = await (await browser.get('/mot-check/results?vrm=ER19MNT')).text();
    expect(headings(unavailable)).toContain('Vehicle details unavailable');
    const refresh = /<form method="post" action="(\/mot-check)"[^>]*><input type="hidden" name="vrm" value="(ER19MNT)"\/><button[^>]*>Refresh<\/button><\/form>/.exec(unavailable);
    expect(refresh).toBeTruthy();
    const again = await browser.post(refresh![1]!, { vrm: refresh![2]! });
    expect(again.headers.get('location')).toBe('/mot-check/results?vrm=ER19MNT');
    const refreshed = await (await browser.follow(again)).text();
    expect(headings(refreshed)).toContain('Vehicle details unavailable');
    expect(refreshed).toMatch(/<input[^>]*id="mot-check-vrm"[^>]*name="vrm"[^>]*value="ER19 MNT"/);
  });

  it('explains an exempt classic, typed in the form as a dateless plate', async () => {
    const browser = new Browser(workers.fetch);
    const posted = await browser.post('/mot-check', { vrm: '1234AB' });
    expect(posted.headers.get('location')).toBe('/mot-check/results?vrm=1234AB');
    expect(headings(await (await browser.follow(posted)).text())).toContain('MOT exempt');
    expect(headings(await (await browser.get('/mot-check/results?vrm=ABC123D')).text())).toContain('MOT exempt');
    expect(headings(await (await browser.get('/mot-check/results?vrm=KK18KMS')).text())).toContain('Readings in kilometres');
  });

  it('shows the warnings, the chart and grouped defects', async () => {
    const clocked = mainText(await (await new Browser(workers.fetch).get('/mot-check/results?vrm=KC16CLK')).text());
    expect(clocked).toContain('The mileage went down');
    expect(clocked).toContain('Lower than an earlier reading');
    expect(mainText(await (await new Browser(workers.fetch).get('/mot-check/results?vrm=KK18KMS')).text())).toContain('Readings in kilometres');
    const failed = mainText(await (await new Browser(workers.fetch).get('/mot-check/results?vrm=KF14FAL')).text());
    expect(failed).toMatch(/MOT expired on/);
    expect(failed).toContain('failed with a dangerous defect');
    expect(failed).toMatch(/Dangerous \(1\)/);
    expect(failed).not.toContain('Free MOT reminders');
    const exempt = mainText(await (await new Browser(workers.fetch).get('/mot-check/results?vrm=ABC123D')).text());
    expect(exempt).toContain('MOT exempt');
    const fresh = mainText(await (await new Browser(workers.fetch).get('/mot-check/results?vrm=KE19FTA')).text());
    expect(fresh).toContain('Free MOT reminders');
  });
});

describe('MOT reminders', () => {
  it('refuses a bad address, an exempt vehicle and one whose MOT has run out', async () => {
    const bad = await subscribe('KE19FTA', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { email: 'Enter a valid email address' } });
    expect((await subscribe('KE19FTA', { email: 'a@example.co.uk', mobile: '01132 496000' })).status).toBe(400);
    expect(await (await subscribe('ABC123D', { email: 'a@example.co.uk' })).json()).toMatchObject({ code: 'mot_exempt' });
    expect(await (await subscribe('KF14FAL', { email: 'a@example.co.uk' })).json()).toMatchObject({ code: 'mot_expired' });
  });

  it('sends a due reminder once when the scheduled handler runs, then the week reminder, then nothing', async () => {
    const email = `due.${Date.now()}@example.co.uk`;
    const { dueDate } = (await check('DUZ1')).body;
    // The first of next month (of the seed's month): the early-test window opens on the second of this one.
    expect(dueDate!.endsWith('-01')).toBe(true);
    // Signed up 40 days before it is due, whatever day the suite runs on.
    await workers.clock.set(beforeDue(dueDate!, 40));
    const response = await subscribe('DUZ1', { email, mobile: '07400 123456' });
    expect(response.status).toBe(201);
    const { nextReminder } = (await response.json()) as MotReminderResponse;
    const windowOpens = new Date(`${dueDate}T07:00:00Z`);
    windowOpens.setUTCMonth(windowOpens.getUTCMonth() - 1, 2);
    expect(nextReminder).toBe(windowOpens.toISOString().slice(0, 10));
    const dayBeforeWeek = beforeDue(dueDate!, 8);
    const inLastWeek = beforeDue(dueDate!, 3);
    expect(nextReminder! <= dayBeforeWeek.toISOString().slice(0, 10)).toBe(true);
    // Nothing before the window opens.
    await runScheduled(beforeDue(dueDate!, 35));
    expect(await outbox(email)).toEqual([]);

    await runScheduled(dayBeforeWeek);
    await runScheduled(dayBeforeWeek);
    let emails = await outbox(email);
    expect(emails.map((e) => e.subject)).toEqual(['DUZ 1: MOT due next month']);
    expect(emails[0]!.body).toContain('/mot-check/results?vrm=DUZ1');
    expect(emails[0]!.body).toMatch(/No more MOT reminders for DUZ 1: http:\/\/localhost\/unsubscribe\?code=\S+&list=mot/);

    await runScheduled(inLastWeek);
    await runScheduled(inLastWeek);
    emails = await outbox(email);
    expect(emails.map((e) => e.subject)).toEqual(['DUZ 1: MOT due in a week', 'DUZ 1: MOT due next month']);
  });

  it('stops after the unsubscribe link, through the app', async () => {
    const email = `stop.${Date.now()}@example.co.uk`;
    const dueDate = (await check('DUZ1')).body.dueDate!;
    await workers.clock.set(beforeDue(dueDate, 20));
    expect((await subscribe('DUZ1', { email })).status).toBe(201);
    await runScheduled(beforeDue(dueDate, 10));
    const [reminder] = await outbox(email);
    const link = new URL(/No more MOT reminders for DUZ 1: (\S+)/.exec(reminder!.body)![1]!);
    const browser = new Browser(workers.fetch);
    const page = await browser.get(link.pathname + link.search);
    expect(mainText(await page.text())).toContain('Unsubscribe from MOT reminders');
    const done = await browser.post(link.pathname + link.search, { code: link.searchParams.get('code')! });
    expect(done.status).toBe(303);
    expect(mainText(await (await browser.follow(done)).text())).toContain('We will not send you MOT reminders for that vehicle any more');
    await runScheduled(beforeDue(dueDate, 2));
    expect(await outbox(email)).toHaveLength(1);
  });

  it('is set up from the results page without JavaScript, and confirmed there', async () => {
    const browser = new Browser(workers.fetch);
    const email = `page.${Date.now()}@example.co.uk`;
    const invalid = await browser.post('/mot-check/results?vrm=KE19FTA', { email: 'nope', mobile: '' });
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    expect(mainText(invalidHtml)).toContain('Enter a valid email address');
    expect(invalidHtml).toContain('value="nope"');
    const posted = await browser.post('/mot-check/results?vrm=KE19FTA', { email, mobile: '' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/mot-check/results?vrm=KE19FTA#reminders');
    const confirmed = mainText(await (await browser.get('/mot-check/results?vrm=KE19FTA')).text());
    expect(confirmed).toContain(`we will e-mail ${email} before the MOT of KE19 FTA runs out`);
    // Shown once: a reload no longer says it.
    expect(mainText(await (await browser.get('/mot-check/results?vrm=KE19FTA')).text())).not.toContain(`we will e-mail ${email}`);
    const exempt = await browser.post('/mot-check/results?vrm=KF14FAL', { email, mobile: '' });
    expect(exempt.status).toBe(409);
    expect(mainText(await exempt.text())).toContain('book a test now');
  });
});
