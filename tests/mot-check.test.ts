import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MotCheck } from '../contract/mot';
import { scriptUrls } from '../scripts/lib/page-weight.mjs';
import { Browser, mainText, textOf } from './support/browser';
import { startWorkers, type Workers } from './support/workers';

/** The MOT check and its reminders, through the app and the platform (docs/behaviour/entry.md#calls, docs/behaviour/routes.md#public-routes). */
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
  (
    (await (await workers.platform(`/platform/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as {
      emails: { subject: string; body: string }[];
    }
  ).emails;
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
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await limited.platform('/platform/vehicle-checker/KE19FTA/mot/checker/history', { headers: { 'x-client-ip': 'hammer' } }))
            .status,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(
        (await limited.platform('/platform/vehicle-checker/KE19FTA/mot/checker/history', { headers: { 'x-client-ip': 'someone-else' } }))
          .status,
      ).toBe(200);
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
    expect(mainText(await (await new Browser(workers.fetch).get('/mot-check/results?vrm=KE19FTA')).text())).toContain(
      'MOT history of KE19 FTA',
    );
  });

  it("keeps the result's views on the server: in the document once, as markup in a navigation's data, never in the scripts (ADR 012)", async () => {
    const browser = new Browser(workers.fetch, { runsScripts: true });
    const html = await (await browser.get('/mot-check/results?vrm=KE19FTA')).text();
    const text = mainText(html);
    // Status, mileage, then the reminders' form (the page's own component), then every test.
    const order = ['MOT valid until', 'Odometer readings at each MOT test', 'Free MOT reminders', 'Check another vehicle'].map((words) =>
      text.indexOf(words),
    );
    expect(
      order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)),
      order.join(' '),
    ).toBe(true);
    expect(html.split('Odometer readings at each MOT test').length - 1).toBe(1);
    expect(html.split('MOT records as held by DVSA').length - 1).toBe(1);

    // A client-side navigation: the loader sends the views' markup, as the document has it.
    const data = await (await browser.get('/mot-check/results.data?vrm=KE19FTA')).text();
    expect(data).toContain('Odometer readings at each MOT test');
    expect(data).toContain('MOT records as held by DVSA');
    expect(await (await browser.get('/mot-check.data')).text()).toContain('What the MOT check shows');

    // The scripts the page loads hold the reminders' form, not the views' words.
    const scripts = scriptUrls(html).map((url) => readFileSync(path.join(import.meta.dirname, '../public', url), 'utf8'));
    expect(scripts.join('').includes('Free MOT reminders')).toBe(true);
    for (const words of ['Odometer readings at each MOT test', 'What the MOT check shows', 'MOT records as held by DVSA'])
      expect(scripts.join('').includes(words), words).toBe(false);
  });

  it('has one address per registration: any other spelling of it moves there for good (301)', async () => {
    const loose = await new Browser(workers.fetch).get('/mot-check/results?vrm=ke19%20fta');
    expect(loose.status).toBe(301);
    expect(loose.headers.get('location')).toBe('/mot-check/results?vrm=KE19FTA');
    // Without a registration the address asks for one, with what the tool does under the form.
    const empty = mainText(await (await new Browser(workers.fetch).get('/mot-check/results')).text());
    expect(empty).toContain('MOT check results Enter a registration to see its MOT status and history.');
    expect(empty).toContain('What the MOT check shows');
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
    expect(wrong).toMatch(
      /<form method="post" action="\/mot-check" id="mot-check"[^>]*>(?:(?!<\/form>)[\s\S])*<label for="mot-check-vrm">Enter your reg<\/label>(?:(?!<\/form>)[\s\S])*name="vrm"[^>]*value="ER19 NFD"(?:(?!<\/form>)[\s\S])*<button[^>]*>Check again<\/button><\/form>/,
    );
    const another = await browser.post('/mot-check', { vrm: 'KF14FAL' });
    expect(another.headers.get('location')).toBe('/mot-check/results?vrm=KF14FAL');
    const failed = headings(await (await browser.follow(another)).text());
    expect(failed).toContainEqual(expect.stringMatching(/^MOT expired on /));
    expect(failed).toContain('Dangerous (1)');

    const unavailable = await (await browser.get('/mot-check/results?vrm=ER19MNT')).text();
    expect(headings(unavailable)).toContain('Vehicle details unavailable');
    const refresh =
      /<form method="post" action="(\/mot-check)"[^>]*><input type="hidden" name="vrm" value="(ER19MNT)"\/><button[^>]*>Refresh<\/button><\/form>/.exec(
        unavailable,
      );
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
    expect(mainText(await (await new Browser(workers.fetch).get('/mot-check/results?vrm=KK18KMS')).text())).toContain(
      'Readings in kilometres',
    );
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

/** The confirmation e-mails sent to an address, newest first. */
const confirmations = async (to: string) => (await outbox(to)).filter((e) => e.subject.startsWith('Confirm MOT reminders'));
/** The link in the newest confirmation e-mail, as a path with its query. */
const confirmLink = async (to: string) => {
  const [latest] = await confirmations(to);
  const link = new URL(/Confirm MOT reminders: (\S+)/.exec(latest!.body)![1]!);
  return link.pathname + link.search;
};
/** Presses the button on the confirmation page, as a browser without JavaScript would. */
const pressConfirm = async (browser: Browser, path: string) => {
  const page = await (await browser.get(path)).text();
  const token = /name="token" value="([^"]+)"/.exec(page)![1]!;
  return browser.post(path, { token });
};
/** Signs an address up and confirms it through the app. */
const signUpConfirmed = async (vrm: string, email: string) => {
  expect((await subscribe(vrm, { email })).status).toBe(202);
  const browser = new Browser(workers.fetch);
  const done = await pressConfirm(browser, await confirmLink(email));
  expect(done.status).toBe(303);
  return { browser, done };
};

describe('MOT reminders', () => {
  it('refuses a bad address, an exempt vehicle and one whose MOT has run out', async () => {
    const bad = await subscribe('KE19FTA', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { email: 'Enter a valid email address' } });
    expect((await subscribe('KE19FTA', { email: 'a@example.co.uk', mobile: '01132 496000' })).status).toBe(400);
    expect(await (await subscribe('ABC123D', { email: 'a@example.co.uk' })).json()).toMatchObject({ code: 'mot_exempt' });
    expect(await (await subscribe('KF14FAL', { email: 'a@example.co.uk' })).json()).toMatchObject({ code: 'mot_expired' });
  });

  it('sends one confirmation and nothing else until it is pressed; opening the link changes nothing; pressing it starts the reminders', async () => {
    const email = `due.${Date.now()}@example.co.uk`;
    const { dueDate } = (await check('DUZ1')).body;
    // The first of next month (of the seed's month): the early-test window opens on the second of this one.
    expect(dueDate!.endsWith('-01')).toBe(true);
    // Signed up 20 days before it is due, inside the early-test window: a reminder is due at once.
    await workers.clock.set(beforeDue(dueDate!, 20));
    const response = await subscribe('DUZ1', { email, mobile: '07400 123456' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ vrm: 'DUZ1', email, confirmWithinDays: 7 });
    let emails = await outbox(email);
    expect(emails.map((e) => e.subject)).toEqual(['Confirm MOT reminders for DUZ 1']);
    const confirmation = emails[0]!.body;
    expect(confirmation).toContain('MOT reminders for the Toyota Yaris DUZ 1');
    expect(confirmation).toContain('one when you can book it without losing any days, and one a week before it runs out');
    expect(confirmation).toMatch(/Confirm MOT reminders: http:\/\/localhost\/mot-check\/confirm\?vrm=DUZ1&code=\S{40,}/);
    expect(confirmation).toContain('If you did not ask for this, ignore this e-mail and you will hear nothing more.');

    // Asking again at once sends nothing more, and answers the same.
    const again = await subscribe('DUZ1', { email });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ vrm: 'DUZ1', email, confirmWithinDays: 7 });
    await runScheduled(beforeDue(dueDate!, 19));
    expect((await outbox(email)).map((e) => e.subject)).toEqual(['Confirm MOT reminders for DUZ 1']);

    // Opening the link (as a mail scanner does) asks; it does not confirm.
    const path = await confirmLink(email);
    const browser = new Browser(workers.fetch);
    const opened = await browser.get(path);
    expect(opened.status).toBe(200);
    const openedHtml = await opened.text();
    expect(headings(openedHtml)).toContain('Confirm MOT reminders for DUZ 1');
    expect(openedHtml).toMatch(
      /<form method="post"[^>]*>(?:(?!<\/form>)[\s\S])*<button[^>]*type="submit"[^>]*>Confirm MOT reminders<\/button>/,
    );
    await browser.get(path);
    await runScheduled(beforeDue(dueDate!, 18));
    expect(await outbox(email)).toHaveLength(1);

    const done = await pressConfirm(browser, path);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/mot-check/confirm?vrm=DUZ1&done');
    const onPage = await (await browser.follow(done)).text();
    expect(headings(onPage)).toContain('MOT reminders are on for DUZ 1');
    expect(mainText(onPage)).toContain(`We will e-mail ${email} when you can book the MOT`);
    expect(onPage).toMatch(/<a [^>]*href="\/unsubscribe\?code=[^"]+&amp;list=mot">Stop MOT reminders for (?:<!-- -->)?DUZ 1<\/a>/);
    // The link works once.
    const replayed = await pressConfirm(new Browser(workers.fetch), path);
    expect(replayed.status).toBe(404);
    expect(mainText(await replayed.text())).toContain('This confirmation link does not work any more');

    // The reminder that is due goes at the next run, once.
    await runScheduled(beforeDue(dueDate!, 17));
    await runScheduled(beforeDue(dueDate!, 17));
    emails = await outbox(email);
    expect(emails.map((e) => e.subject)).toEqual(['DUZ 1: MOT due next month', 'Confirm MOT reminders for DUZ 1']);
    expect(emails[0]!.body).toContain('/mot-check/results?vrm=DUZ1');
    expect(emails[0]!.body).toMatch(/No more MOT reminders for DUZ 1: http:\/\/localhost\/unsubscribe\?code=\S+&list=mot/);

    // Asking again once reminders are on sends nothing, and answers as for anyone.
    await workers.clock.advance(11 * 60_000);
    const onAlready = await subscribe('DUZ1', { email, mobile: '07400 654321' });
    expect(onAlready.status).toBe(202);
    expect(await onAlready.json()).toEqual({ vrm: 'DUZ1', email, confirmWithinDays: 7 });

    const inLastWeek = beforeDue(dueDate!, 3);
    await runScheduled(inLastWeek);
    await runScheduled(inLastWeek);
    emails = await outbox(email);
    expect(emails.map((e) => e.subject)).toEqual([
      'DUZ 1: MOT due in a week',
      'DUZ 1: MOT due next month',
      'Confirm MOT reminders for DUZ 1',
    ]);
  });

  it('lapses a sign-up nobody confirms: no reminder, its link expired after 7 days, and asking again starts afresh', async () => {
    const email = `lapse.${Date.now()}@example.co.uk`;
    const dueDate = (await check('DUZ1')).body.dueDate!;
    await workers.clock.set(beforeDue(dueDate, 26));
    expect((await subscribe('DUZ1', { email })).status).toBe(202);
    const path = await confirmLink(email);
    // Six days on the link still works; nobody presses it.
    await runScheduled(beforeDue(dueDate, 20));
    const browser = new Browser(workers.fetch);
    expect(headings(await (await browser.get(path)).text())).toContain('Confirm MOT reminders for DUZ 1');
    // Past 7 days the run drops the sign-up, and the link says it has expired, with a way to ask again.
    await runScheduled(beforeDue(dueDate, 18));
    const expired = await pressConfirm(browser, path);
    expect(expired.status).toBe(410);
    const expiredHtml = await expired.text();
    expect(headings(expiredHtml)).toContain('This link has expired');
    expect(expiredHtml).toContain('href="/mot-check/results?vrm=DUZ1#reminders"');
    await runScheduled(beforeDue(dueDate, 17));
    await runScheduled(beforeDue(dueDate, 3));
    expect((await outbox(email)).map((e) => e.subject)).toEqual(['Confirm MOT reminders for DUZ 1']);
    // A new request is a new sign-up, with a link of its own.
    expect((await subscribe('DUZ1', { email })).status).toBe(202);
    expect(await confirmations(email)).toHaveLength(2);
    expect(await confirmLink(email)).not.toBe(path);
  });

  it('gives an address that someone else signs up only a few confirmation e-mails, whatever they do', async () => {
    const victim = `victim.${Date.now()}@example.co.uk`;
    const dueDate = (await check('DUZ1')).body.dueDate!;
    await workers.clock.set(beforeDue(dueDate, 27));
    const stranger = new Browser(workers.fetch);
    const pages: string[] = [];
    // The stranger asks through the page again and again, every 11 minutes.
    for (let i = 0; i < 5; i++) {
      const posted = await stranger.post('/mot-check/results?vrm=DUZ1', { email: victim, mobile: '07400 123456' });
      expect(posted.status).toBe(303);
      const text = mainText(await (await stranger.follow(posted)).text());
      expect(text).toContain('Check your e-mail to confirm');
      expect(text).not.toMatch(/reminders are on/i);
      pages.push(text);
      await workers.clock.advance(11 * 60_000);
    }
    // The same answer every time, though only the first three sent anything.
    expect(new Set(pages).size).toBe(1);
    expect(await confirmations(victim)).toHaveLength(3);
    // Other vehicles for the same address: one confirmation each (a few vehicles at most: unit tested).
    for (const vrm of ['KE19FTA', 'KC16CLK', 'KN76NEW']) {
      await workers.clock.advance(11 * 60_000);
      expect((await subscribe(vrm, { email: victim })).status, vrm).toBe(202);
    }
    const sent = await confirmations(victim);
    expect(sent).toHaveLength(3 + 3);
    // Nothing else reaches the address through the reminders' due dates.
    await runScheduled(beforeDue(dueDate, 20));
    await runScheduled(beforeDue(dueDate, 3));
    const all = await outbox(victim);
    expect(all.length).toBe(sent.length);
    expect(all.every((e) => e.subject.startsWith('Confirm MOT reminders for '))).toBe(true);
  });

  it('stops after the unsubscribe link, through the app', async () => {
    const email = `stop.${Date.now()}@example.co.uk`;
    const dueDate = (await check('DUZ1')).body.dueDate!;
    await workers.clock.set(beforeDue(dueDate, 20));
    await signUpConfirmed('DUZ1', email);
    await runScheduled(beforeDue(dueDate, 10));
    const [reminder] = await outbox(email);
    expect(reminder!.subject).toBe('DUZ 1: MOT due next month');
    const link = new URL(/No more MOT reminders for DUZ 1: (\S+)/.exec(reminder!.body)![1]!);
    const browser = new Browser(workers.fetch);
    const page = await browser.get(link.pathname + link.search);
    expect(mainText(await page.text())).toContain('Unsubscribe from MOT reminders');
    const done = await browser.post(link.pathname + link.search, { code: link.searchParams.get('code')! });
    expect(done.status).toBe(303);
    expect(mainText(await (await browser.follow(done)).text())).toContain('We will not send you MOT reminders for that vehicle any more');
    await runScheduled(beforeDue(dueDate, 2));
    expect(await outbox(email)).toHaveLength(2);
  });

  it('is asked for from the results page without JavaScript, which then says to check your e-mail', async () => {
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
    const asked = mainText(await (await browser.get('/mot-check/results?vrm=KE19FTA')).text());
    expect(asked).toContain('Check your e-mail to confirm');
    expect(asked).toContain(`MOT reminders for KE19 FTA start only when you press the link in the e-mail we send to ${email}`);
    expect(asked).not.toMatch(/we will e-mail .* before the MOT/);
    // Shown once: a reload no longer says it.
    expect(mainText(await (await browser.get('/mot-check/results?vrm=KE19FTA')).text())).not.toContain('Check your e-mail to confirm');
    expect(await confirmations(email)).toHaveLength(1);
    const exempt = await browser.post('/mot-check/results?vrm=KF14FAL', { email, mobile: '' });
    expect(exempt.status).toBe(409);
    expect(mainText(await exempt.text())).toContain('book a test now');
  });

  it('answers a confirmation page opened without its code, or with a forged one', async () => {
    const browser = new Browser(workers.fetch);
    expect(mainText(await (await browser.get('/mot-check/confirm?vrm=DUZ1')).text())).toContain(
      'To confirm, open the link in the e-mail we sent you.',
    );
    expect((await browser.get('/mot-check/confirm?vrm=NOT%20A%20REG!')).status).toBe(302);
    const forged = await browser.post('/mot-check/confirm?vrm=DUZ1&code=x', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.AAAA' });
    expect(forged.status).toBe(404);
    // Reloading the page that said reminders are on, after it was shown, goes to the vehicle's results.
    const done = await browser.get('/mot-check/confirm?vrm=DUZ1&done');
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/mot-check/results?vrm=DUZ1');
  });
});
