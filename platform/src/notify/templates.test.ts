import { describe, expect, it } from 'vitest';
import {
  isGsm7,
  renderMessage,
  renderSignInNoticeSms,
  smsLength,
  SMS_MAX,
  SMS_OPT_OUT,
  toGsm7,
  type MessageContext,
  type MessageEvent,
} from './templates';

const CONTEXT: MessageContext = {
  firstName: 'Sam',
  vehicle: 'Ford Fiesta KE19 FTA',
  brandName: 'Kerbside',
  link: 'https://www.kerbside.co.uk/KE19FTA/accept-offer',
  shortLink: 'https://www.kerbside.co.uk/s/AbCdEfGhJk',
};

/** The longest values a real sale gives: a long model name, a long address, six-figure amounts, accents. */
const LONG: MessageContext = {
  ...CONTEXT,
  firstName: 'Zoë-Annabelle',
  vehicle: 'Mercedes-Benz E-Class E220d AMG Line Premium Plus Estate KE19 FTA',
};
const LONG_ADDRESS = 'Flat 12, The Old Mill, 145 Long Riverside Road, Little Snoring, Fakenham, Norfolk NR21 0AA';

/** Every event once, with what each of its parts must show a seller. */
const CASES: { event: MessageEvent; long: MessageEvent; shows: string[]; smsShows: string[] }[] = [
  {
    event: { kind: 'sale_entered', startsAt: '2026-12-01T14:00:00Z' },
    long: { kind: 'sale_entered', startsAt: '2026-09-30T23:30:00Z' },
    shows: ['Tuesday 1 December, 2pm', 'Ford Fiesta KE19 FTA'],
    smsShows: ['Tue 1 Dec, 2pm', 'next sale'],
  },
  {
    event: { kind: 'sale_started', endsAt: '2026-12-02T10:00:00Z' },
    long: { kind: 'sale_started', endsAt: '2026-09-30T10:45:00Z' },
    shows: ['Wednesday 2 December, 10am', 'has started'],
    smsShows: ['Wed 2 Dec, 10am', 'has started'],
  },
  {
    event: { kind: 'offer_arrived', amount: 4350, dealerArea: 'Leeds', expiresAt: '2026-12-03T10:30:00Z' },
    long: { kind: 'offer_arrived', amount: 123456, dealerArea: 'Newcastle upon Tyne', expiresAt: '2026-09-30T10:30:00Z' },
    shows: ['£4,350', 'near Leeds', 'Thursday 3 December, 10:30am'],
    smsShows: ['£4,350', 'near Leeds', 'Thu 3 Dec, 10:30am'],
  },
  {
    event: { kind: 'offer_lapsing', amount: 4350, expiresAt: '2026-12-03T12:00:00Z' },
    long: { kind: 'offer_lapsing', amount: 123456, expiresAt: '2026-09-30T11:59:00Z' },
    shows: ['£4,350', 'Thursday 3 December, midday'],
    smsShows: ['£4,350', 'Thu 3 Dec, midday'],
  },
  { event: { kind: 'no_bids' }, long: { kind: 'no_bids' }, shows: ['no dealer bid', 'next sale, free'], smsShows: ['next sale, free'] },
  {
    event: { kind: 'offer_accepted' },
    long: { kind: 'offer_accepted' },
    shows: ['bank details', 'V5C logbook', 'driving licence', 'within 24 hours of collection'],
    smsShows: ['Offer accepted', 'bank details and documents'],
  },
  {
    event: { kind: 'document_requested', document: 'V5C logbook', documentKind: 'v5c', reason: 'the photo is too blurred to read' },
    long: {
      kind: 'document_requested',
      document: 'Finance settlement letter from your lender',
      documentKind: 'finance-settlement-letter',
      reason: 'the photo is too blurred to read',
    },
    shows: ['V5C logbook', 'again: the photo is too blurred to read'],
    smsShows: ['V5C logbook'],
  },
  {
    event: { kind: 'collection_booked', date: '2026-12-09', slot: 'afternoon', address: '1 High Street, York YO1 7HH' },
    long: { kind: 'collection_booked', date: '2026-09-30', slot: 'morning', address: LONG_ADDRESS },
    shows: ['Wednesday 9 December', 'between 12pm and 5pm', '1 High Street, York YO1 7HH'],
    smsShows: ['Wed 9 Dec', '12pm-5pm', '1 High Street, York YO1 7HH'],
  },
  {
    event: { kind: 'collection_tomorrow', date: '2026-12-09', slot: 'morning', address: '1 High Street, York YO1 7HH' },
    long: { kind: 'collection_tomorrow', date: '2026-09-30', slot: 'afternoon', address: LONG_ADDRESS },
    shows: ['tomorrow', 'Wednesday 9 December', 'between 8am and 12pm', '1 High Street, York YO1 7HH'],
    smsShows: ['tomorrow', 'Wed 9 Dec', '8am-12pm', '1 High Street, York YO1 7HH'],
  },
  {
    event: { kind: 'paid', amount: 4350, accountEnding: '4958' },
    long: { kind: 'paid', amount: 123456, accountEnding: '4958' },
    shows: ['£4,350', 'to the account ending 4958'],
    smsShows: ['£4,350', 'to the account ending 4958'],
  },
  {
    event: { kind: 'payee_check_failed', accountEnding: '4958' },
    long: { kind: 'payee_check_failed', accountEnding: '4958' },
    shows: ['ending 4958', 'does not match', 'held your payout'],
    smsShows: ['ending 4958', 'Payout held'],
  },
  {
    event: { kind: 'payout_account_changed', accountEnding: '4958' },
    long: { kind: 'payout_account_changed', accountEnding: '4958' },
    shows: ['ending 4958', 'Freeze my payout'],
    smsShows: ['ending 4958', 'Not you?'],
  },
  {
    event: { kind: 'payout_credited', amount: 4350, accountEnding: '4958' },
    long: { kind: 'payout_credited', amount: 123456, accountEnding: '4958' },
    shows: ['£4,350', 'ending 4958'],
    smsShows: ['£4,350', 'ending 4958'],
  },
  {
    event: { kind: 'payout_returned', amount: 4350, accountEnding: '4958' },
    long: { kind: 'payout_returned', amount: 123456, accountEnding: '4958' },
    shows: ['sent back', '£4,350', 'ending 4958', 'code'],
    smsShows: ['returned', '£4,350'],
  },
  {
    event: { kind: 'inspection_done', differences: 0 },
    long: { kind: 'inspection_done', differences: 3 },
    shows: ['inspected your', 'as your profile describes'],
    smsShows: ['passed the inspection'],
  },
  {
    event: { kind: 'revised_offer', agreed: 8150, proposed: 8060, items: 1 },
    long: { kind: 'revised_offer', agreed: 123456, proposed: 111111, items: 4 },
    shows: ['proposes £8,060', 'agreed £8,150', 'decline it and keep your car'],
    smsShows: ['£8,060', 'agreed £8,150'],
  },
  {
    event: { kind: 'revised_offer_approved', amount: 8060 },
    long: { kind: 'revised_offer_approved', amount: 111111 },
    shows: ['approved', '£8,060'],
    smsShows: ['£8,060'],
  },
  {
    event: { kind: 'revised_offer_declined', agreed: 8150 },
    long: { kind: 'revised_offer_declined', agreed: 123456 },
    shows: ['stays with you', 'no fee'],
    smsShows: ['stays with you'],
  },
  {
    event: { kind: 'dealer_cancelled', agreed: 8150 },
    long: { kind: 'dealer_cancelled', agreed: 123456 },
    shows: ['could only cancel', 'no fee'],
    smsShows: ['cancelled'],
  },
  {
    event: { kind: 'dvla_told', referenceLast4: '4821' },
    long: { kind: 'dvla_told', referenceLast4: '4821' },
    shows: ['DVLA', 'ends 4821'],
    smsShows: ['DVLA'],
  },
  {
    event: {
      kind: 'final_dealer_confirmation',
      dealer: 'Trentside Autos',
      amount: 8150,
      date: '2026-12-09',
      slot: 'morning',
      address: '1 High Street, York YO1 7HH',
    },
    long: {
      kind: 'final_dealer_confirmation',
      dealer: 'Chiltern Ridge Motors',
      amount: 123456,
      date: '2026-09-30',
      slot: 'afternoon',
      address: LONG_ADDRESS,
    },
    shows: ['Trentside Autos', '£8,150', 'Wednesday 9 December'],
    smsShows: ['£8,150', 'Wed 9 Dec'],
  },
  {
    event: { kind: 'settlement_figure_received', lender: 'Black Horse', amount: 4210, expiresAt: '2026-12-11T14:00:00Z' },
    long: {
      kind: 'settlement_figure_received',
      lender: 'Volkswagen Financial Services UK',
      amount: 123456,
      expiresAt: '2026-09-30T14:00:00Z',
    },
    shows: ['Black Horse', '£4,210', 'Friday 11 December'],
    smsShows: ['£4,210', 'Black Horse', 'Fri 11 Dec'],
  },
  {
    event: { kind: 'settlement_expiring', lender: 'MotoNovo Finance', amount: 4210, expiresAt: '2026-12-11T14:00:00Z' },
    long: { kind: 'settlement_expiring', lender: 'Volkswagen Financial Services UK', amount: 123456, expiresAt: '2026-09-30T14:00:00Z' },
    shows: ['MotoNovo Finance', '£4,210', 'Friday 11 December'],
    smsShows: ['£4,210', 'MotoNovo Finance', 'Fri 11 Dec'],
  },
];

describe('every message', () => {
  it('has a case here for every kind of event', () => {
    const kinds = new Set(CASES.map((c) => c.event.kind));
    expect(kinds.size).toBe(23);
  });

  it.each(CASES.map((c) => [c.event.kind, c] as const))('%s: says the specifics in every part', (_kind, { event, shows, smsShows }) => {
    const message = renderMessage(event, CONTEXT);
    expect(message.text).toMatch(/^Hello Sam,/);
    expect(message.text).toContain(CONTEXT.link);
    expect(message.html).toContain(`href="${CONTEXT.link}"`);
    for (const words of shows) {
      expect(`${message.subject}\n${message.text}`.toLowerCase(), words).toContain(words.toLowerCase());
      expect(message.html.toLowerCase(), words).toContain(words.toLowerCase());
    }
    expect(message.sms.startsWith('Kerbside: ')).toBe(true);
    for (const words of smsShows) expect(message.sms, words).toContain(words);
    // The short link, never the long one (which for some pages carries a token), and the way to stop texts.
    expect(message.sms).toContain(CONTEXT.shortLink);
    expect(message.sms).not.toContain(CONTEXT.link);
    expect(message.sms.endsWith(SMS_OPT_OUT)).toBe(true);
  });

  it.each(CASES.map((c) => [c.event.kind, c] as const))('%s: the text is one GSM-7 SMS even with long values', (_kind, { event, long }) => {
    for (const [e, context] of [
      [event, CONTEXT],
      [long, LONG],
    ] as const) {
      const { sms } = renderMessage(e, context);
      expect(isGsm7(sms), sms).toBe(true);
      expect(smsLength(sms), sms).toBeLessThanOrEqual(SMS_MAX);
      expect(sms).toContain(context.shortLink);
    }
  });

  it('gives the subject with the amount and the car', () => {
    expect(renderMessage(CASES[2]!.event, CONTEXT).subject).toBe('A dealer offers £4,350 for your Ford Fiesta KE19 FTA');
    expect(renderMessage(CASES[9]!.event, CONTEXT).subject).toBe('You have been paid £4,350');
  });

  it('writes the time in the UK: British Summer Time, and midnight', () => {
    const summer = renderMessage({ kind: 'sale_started', endsAt: '2026-07-01T13:00:00Z' }, CONTEXT);
    expect(summer.text).toContain('Wednesday 1 July, 2pm');
    const lateNight = renderMessage({ kind: 'sale_started', endsAt: '2026-12-01T23:00:00Z' }, CONTEXT);
    expect(lateNight.text).toContain('Tuesday 1 December, 11pm');
    const midnight = renderMessage({ kind: 'sale_started', endsAt: '2026-12-02T00:00:00Z' }, CONTEXT);
    expect(midnight.text).toContain('Wednesday 2 December, midnight');
  });

  it('keeps a long address recognisable in a text: its start and its postcode', () => {
    const { sms } = renderMessage(CASES[7]!.long, LONG);
    expect(sms).toContain('Flat 12');
    expect(sms).toContain('NR21 0AA');
    // The e-mail has room for all of it.
    expect(renderMessage(CASES[7]!.long, LONG).text).toContain(LONG_ADDRESS);
  });

  it('shows what anyone typed as text, never as markup', () => {
    const hostile: MessageContext = { ...CONTEXT, firstName: '<script>alert(1)</script>', vehicle: 'Ford "Fiesta" & <b>KE19</b>' };
    const message = renderMessage(
      { kind: 'collection_booked', date: '2026-12-09', slot: 'morning', address: '<img src=x onerror=alert(1)>' },
      hostile,
    );
    expect(message.html).not.toContain('<script>');
    expect(message.html).not.toContain('<img');
    expect(message.html).not.toContain('<b>');
    expect(message.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(message.html).toContain('Ford &quot;Fiesta&quot; &amp; &lt;b&gt;KE19&lt;/b&gt;');
    const withLink = renderMessage({ kind: 'no_bids' }, { ...CONTEXT, link: 'https://www.kerbside.co.uk/a"onmouseover="x' });
    expect(withLink.html).toContain('href="https://www.kerbside.co.uk/a&quot;onmouseover=&quot;x"');
  });

  it('brings typed values into GSM-7 for texts, so one curly quote does not make a text three', () => {
    const { sms } = renderMessage(
      { kind: 'collection_booked', date: '2026-12-09', slot: 'morning', address: 'Rose’s Cottage – Łąka Lane 🚗, York' },
      CONTEXT,
    );
    expect(isGsm7(sms)).toBe(true);
    expect(sms).toContain("Rose's Cottage - ?aka Lane ?, York");
  });

  it('puts a value that holds line breaks on one line', () => {
    const message = renderMessage(
      { kind: 'collection_booked', date: '2026-12-09', slot: 'morning', address: '1 High Street\nYork\r\nYO1 7HH' },
      CONTEXT,
    );
    expect(message.text).toContain('1 High Street York YO1 7HH');
    expect(message.sms).toContain('1 High Street York YO1 7HH');
  });
});

describe('GSM-7', () => {
  it('knows its alphabet, the pound sign included, and what is outside it', () => {
    expect(isGsm7('£4,350 @ 2pm: é, Ä, ß, [ok] {ok} €')).toBe(true);
    for (const outside of ['’', '“', '–', '…', 'ł', '🚗', '\u00a0']) expect(isGsm7(outside), outside).toBe(false);
  });

  it('counts an extension character as two', () => {
    expect(smsLength('abc')).toBe(3);
    expect(smsLength('[€]')).toBe(6);
  });

  it('replaces look-alikes and drops accents GSM-7 lacks', () => {
    expect(toGsm7('‘Zoë’ – “Łódź”…')).toBe('\'Zoe\' - "?odz"...');
  });
});

describe('the sign-in notice by text', () => {
  it('says a link was e-mailed, with no link in it, in one SMS', () => {
    const sms = renderSignInNoticeSms({ brandName: 'Kerbside' });
    expect(sms).toContain('sign-in link');
    expect(sms).not.toMatch(/https?:|\/s\/|token/i);
    expect(isGsm7(sms)).toBe(true);
    expect(smsLength(sms)).toBeLessThanOrEqual(SMS_MAX);
  });
});
