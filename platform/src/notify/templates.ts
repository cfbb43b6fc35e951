/**
 * Every message a seller gets about their sale, in one place (docs/notifications.md): for each
 * event a subject, the e-mail as text and HTML, and the text message. The wording is data (the
 * MESSAGES table below); the functions around it only format amounts and dates, escape HTML and
 * make a text fit one SMS.
 *
 * Texts are one GSM-7 SMS (160 characters): anything longer is split and billed as two or more, and
 * a single character outside GSM-7 (a curly quote, an emoji) turns the whole text into UCS-2, 70
 * characters a part. So the fixed words use only GSM-7, the values a seller typed (their address)
 * are brought into it, and when a text would still be too long its variable parts are shortened in
 * the middle, keeping both ends (the start of an address and its postcode, a make and a
 * registration). A text carries the short link (/s/{code}) and never a token: it may be read over a
 * shoulder or on a lock screen, and a short link only leads to a page that asks for sign-in.
 */

export type MessageEvent =
  | { kind: 'sale_entered'; startsAt: string }
  | { kind: 'sale_started'; endsAt: string }
  | { kind: 'offer_arrived'; amount: number; dealerArea: string; expiresAt: string }
  | { kind: 'offer_lapsing'; amount: number; expiresAt: string }
  | { kind: 'no_bids' }
  | { kind: 'offer_accepted' }
  | { kind: 'document_requested'; document: string; documentKind: string; reason: string }
  | { kind: 'collection_booked'; date: string; slot: 'morning' | 'afternoon'; address: string }
  | { kind: 'collection_tomorrow'; date: string; slot: 'morning' | 'afternoon'; address: string }
  | { kind: 'paid'; amount: number; accountEnding: string; sentAt?: string }
  | { kind: 'payout_credited'; amount: number; accountEnding: string }
  | { kind: 'payout_returned'; amount: number; accountEnding: string }
  | { kind: 'payout_account_changed'; accountEnding: string }
  | { kind: 'payee_check_failed'; accountEnding: string }
  | { kind: 'inspection_done'; differences: number }
  | { kind: 'revised_offer'; agreed: number; proposed: number; items: number }
  | { kind: 'revised_offer_approved'; amount: number }
  | { kind: 'revised_offer_declined'; agreed: number }
  | { kind: 'dealer_cancelled'; agreed: number }
  | { kind: 'dvla_told'; referenceLast4: string }
  | { kind: 'final_dealer_confirmation'; dealer: string; amount: number; date: string; slot: 'morning' | 'afternoon'; address: string }
  | { kind: 'settlement_figure_received'; lender: string; amount: number; expiresAt: string }
  | { kind: 'settlement_expiring'; lender: string; amount: number; expiresAt: string };

export interface MessageContext {
  firstName: string;
  /** The car as the seller knows it, e.g. 'Ford Fiesta KE19 FTA'. */
  vehicle: string;
  brandName: string;
  /** The page the message is about, as an absolute address: for the e-mail. */
  link: string;
  /** The same page as a short link (/s/{code}), absolute: for the text. */
  shortLink: string;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

/** One SMS part in GSM-7, counted in septets (an extension character counts twice). */
export const SMS_MAX = 160;

/**
 * The end of every text. Kerbside's texts stop on a reply of STOP (handled where texts are sent,
 * docs/notifications.md#consent): the signed /unsubscribe/sms link cannot fit in one SMS beside the
 * message's own link.
 */
export const SMS_OPT_OUT = 'Reply STOP to opt out';

type EventOf<K extends MessageEvent['kind']> = Extract<MessageEvent, { kind: K }>;

/** A text's parts: fixed words, and values that may be shortened (in the middle) to fit. */
type SmsPart = string | { fit: string; min: number };

interface Wording {
  subject: string;
  /** The e-mail's paragraphs after the greeting; the link follows them. */
  paragraphs: string[];
  /** What the link in the e-mail says. */
  action: string;
  /** The text, before the short link and the opt-out line. */
  sms: SmsPart[];
}

/** How the values read: amounts in whole pounds, times and days in the UK's own time. */
interface Formats {
  pounds: (amount: number) => string;
  /** 'Tuesday 1 December, 2pm' */
  when: (iso: string) => string;
  /** 'Tue 1 Dec, 2pm', for texts */
  whenShort: (iso: string) => string;
  /** 'Tuesday 1 December' */
  day: (date: string) => string;
  /** 'Tue 1 Dec', for texts */
  dayShort: (date: string) => string;
}

const SLOTS = {
  morning: { long: 'in the morning, between 8am and 12pm', short: '8am-12pm' },
  afternoon: { long: 'in the afternoon, between 12pm and 5pm', short: '12pm-5pm' },
} as const;

const vehicleFit = (vehicle: string) => ({ fit: vehicle, min: 10 });

/**
 * The words of every message. A text starts with the brand and names the car or the amount, so a
 * seller with a locked phone knows what it is about; the e-mail says the same at more length and
 * says what to do next.
 */
const MESSAGES: { [K in MessageEvent['kind']]: (event: EventOf<K>, context: MessageContext, f: Formats) => Wording } = {
  sale_entered: ({ startsAt }, { vehicle }, f) => ({
    subject: `Your ${vehicle} is in the next sale`,
    paragraphs: [
      `Your ${vehicle} is in the next sale. It starts ${f.when(startsAt)}, and dealers from across the UK bid on it while it runs.`,
      'We will tell you when it starts and as soon as there is an offer. You do not need to do anything until then.',
    ],
    action: 'See your car',
    sms: ['your ', vehicleFit(vehicle), ` is in the next sale. It starts ${f.whenShort(startsAt)}.`],
  }),
  sale_started: ({ endsAt }, { vehicle }, f) => ({
    subject: `The sale of your ${vehicle} has started`,
    paragraphs: [
      `The sale of your ${vehicle} has started. Dealers can bid until ${f.when(endsAt)}.`,
      'When it ends we will tell you the highest offer. Accepting it is up to you, and declining costs nothing.',
    ],
    action: 'Follow the sale',
    sms: ['the sale of your ', vehicleFit(vehicle), ` has started. Dealers bid until ${f.whenShort(endsAt)}.`],
  }),
  offer_arrived: ({ amount, dealerArea, expiresAt }, { vehicle }, f) => ({
    subject: `A dealer offers ${f.pounds(amount)} for your ${vehicle}`,
    paragraphs: [
      `A dealer near ${dealerArea} offers ${f.pounds(amount)} for your ${vehicle}.`,
      `The offer is open until ${f.when(expiresAt)}. If you accept it, the dealer collects the car for free and you are paid within 24 hours of collection.`,
    ],
    action: 'See the offer',
    sms: [`new offer: ${f.pounds(amount)} from a dealer near `, { fit: dealerArea, min: 12 }, `, open to ${f.whenShort(expiresAt)}:`],
  }),
  offer_lapsing: ({ amount, expiresAt }, { vehicle }, f) => ({
    subject: `Your ${f.pounds(amount)} offer ends ${f.when(expiresAt)}`,
    paragraphs: [
      `The ${f.pounds(amount)} offer for your ${vehicle} ends ${f.when(expiresAt)}. After that it is gone, though you can put the car in another sale, free.`,
    ],
    action: 'See the offer',
    sms: [`your ${f.pounds(amount)} offer for your `, vehicleFit(vehicle), ` ends ${f.whenShort(expiresAt)}. See it:`],
  }),
  no_bids: (_event, { vehicle }) => ({
    subject: `No dealer bid on your ${vehicle} this time`,
    paragraphs: [
      `The sale has ended and no dealer bid on your ${vehicle}.`,
      'You can put it in the next sale, free. Dealers change what they are looking for from day to day.',
    ],
    action: 'Put it in the next sale',
    sms: ['no dealer bid on your ', vehicleFit(vehicle), ' this time. Put it in the next sale, free:'],
  }),
  offer_accepted: (_event, { vehicle }) => ({
    subject: `You accepted the offer for your ${vehicle}: what happens next`,
    paragraphs: [
      `You accepted the offer for your ${vehicle}. Here is what happens next.`,
      'Tell us where to pay you (your bank details) and upload your V5C logbook and your driving licence, by tomorrow if you can.',
      'We check your documents within one working day, then you book a day for the dealer to collect the car. You are paid within 24 hours of collection.',
    ],
    action: 'Add your bank details and documents',
    sms: ['offer accepted for your ', vehicleFit(vehicle), '. Next: bank details and documents:'],
  }),
  document_requested: ({ document, reason }, { vehicle }) => ({
    subject: `Please upload your ${document} again`,
    paragraphs: [
      `The dealer buying your ${vehicle} has checked your documents and needs your ${document} again: ${reason}.`,
      'A clear photo or a PDF will do. We check it within one working day.',
    ],
    action: `Upload your ${document}`,
    sms: ['please upload your ', { fit: document, min: 10 }, ' again for the sale of your car:'],
  }),
  collection_booked: ({ date, slot, address }, { vehicle }, f) => ({
    subject: `Collection booked for ${f.day(date)}`,
    paragraphs: [
      `The dealer will collect your ${vehicle} on ${f.day(date)}, ${SLOTS[slot].long}, from ${address}.`,
      'Please have the keys, the V5C logbook and the service history ready. You are paid within 24 hours of collection.',
    ],
    action: 'See your collection',
    sms: [`collection booked: ${f.dayShort(date)}, ${SLOTS[slot].short}, at `, { fit: address, min: 16 }, '.'],
  }),
  collection_tomorrow: ({ date, slot, address }, { vehicle }, f) => ({
    subject: `Your ${vehicle} is collected tomorrow`,
    paragraphs: [
      `A reminder: the dealer collects your ${vehicle} tomorrow, ${f.day(date)}, ${SLOTS[slot].long}, from ${address}.`,
      'Please have the keys, the V5C logbook and the service history ready.',
    ],
    action: 'See your collection',
    sms: [`we collect your car tomorrow, ${f.dayShort(date)}, ${SLOTS[slot].short}, at `, { fit: address, min: 16 }, '.'],
  }),
  paid: ({ amount, accountEnding, sentAt }, { vehicle }, f) => ({
    subject: `You have been paid ${f.pounds(amount)}`,
    paragraphs: [
      `We have paid ${f.pounds(amount)} for your ${vehicle} to the account ending ${accountEnding}${sentAt ? `: sent ${f.when(sentAt)}` : ''}. It is usually in your account within 2 hours.`,
      'Thank you for selling with us.',
    ],
    action: 'See your payment',
    sms: [`we have paid ${f.pounds(amount)} for your `, vehicleFit(vehicle), ` to the account ending ${accountEnding}.`],
  }),
  payout_account_changed: ({ accountEnding }, { vehicle }) => ({
    subject: `Your payout account was changed to one ending ${accountEnding}`,
    paragraphs: [
      `Your payout account was changed to one ending ${accountEnding}, for the sale of your ${vehicle}.`,
      'If you did not change it, freeze the payout with the link below: nothing will be paid until our support team has checked it with you.',
    ],
    action: 'Not you? Freeze my payout',
    sms: [`new payout account ending ${accountEnding}. Not you? Freeze it from our e-mail, or sign in:`],
  }),
  payout_credited: ({ amount, accountEnding }, { vehicle }, f) => ({
    subject: `${f.pounds(amount)} is in your account`,
    paragraphs: [`Your bank has credited the ${f.pounds(amount)} for your ${vehicle} to the account ending ${accountEnding}.`],
    action: 'See your payment',
    sms: [`${f.pounds(amount)} for your `, vehicleFit(vehicle), ` is in your account ending ${accountEnding}.`],
  }),
  payout_returned: ({ amount, accountEnding }, { vehicle }, f) => ({
    subject: `Your bank returned the ${f.pounds(amount)} payment: we need new details`,
    paragraphs: [
      `The bank of the account ending ${accountEnding} sent back the ${f.pounds(amount)} we paid for your ${vehicle}: the account may be closed. The money is safe with us.`,
      'Give us the details of another account in your name. For your safety we e-mail you a code to confirm the change before we pay it.',
    ],
    action: 'Give new bank details',
    sms: [`your bank returned the ${f.pounds(amount)} for your `, vehicleFit(vehicle), '. Give new details:'],
  }),
  payee_check_failed: ({ accountEnding }, { vehicle }) => ({
    subject: 'Check your bank details: we have held your payout',
    paragraphs: [
      `Your bank has now answered our check of the name on the account ending ${accountEnding}, for the sale of your ${vehicle}: the name you gave does not match the name on the account.`,
      'A payment to the wrong account may not be recoverable, so we have held your payout until the details are checked. Check them on the page below, or contact us.',
    ],
    action: 'Check your bank details',
    sms: [`your bank did not match the name on account ending ${accountEnding}. Payout held: check it at`],
  }),
  inspection_done: ({ differences }, { vehicle }) => ({
    subject: differences ? `The dealer's inspection of your ${vehicle} found something` : `Your ${vehicle} passed the dealer's inspection`,
    paragraphs: [
      differences
        ? `The dealer has inspected your ${vehicle} at the handover and found ${differences === 1 ? 'one thing' : `${differences} things`} not as your profile describes. Each check is on your sale's page.`
        : `The dealer has inspected your ${vehicle} at the handover: it is as your profile describes. Each check is on your sale's page.`,
    ],
    action: 'See the inspection',
    sms: [
      differences ? 'the inspection of your ' : 'your ',
      vehicleFit(vehicle),
      differences ? ' found something. See it:' : ' passed the inspection:',
    ],
  }),
  revised_offer: ({ agreed, proposed, items }, { vehicle }, f) => ({
    subject: `The dealer proposes ${f.pounds(proposed)} for your ${vehicle} (agreed ${f.pounds(agreed)})`,
    paragraphs: [
      `After inspecting your ${vehicle}, the dealer proposes ${f.pounds(proposed)} instead of the agreed ${f.pounds(agreed)}, for ${items === 1 ? 'one item' : `${items} items`} in our published tariff, each with its photo.`,
      'You choose: approve it and be paid the revised price, or decline it and keep your car, with no fee. Nothing changes unless you approve.',
    ],
    action: 'See the revised offer',
    sms: [`the dealer proposes ${f.pounds(proposed)} (agreed ${f.pounds(agreed)}) for your `, vehicleFit(vehicle), '. You choose:'],
  }),
  revised_offer_approved: ({ amount }, { vehicle }, f) => ({
    subject: `You approved ${f.pounds(amount)} for your ${vehicle}`,
    paragraphs: [`You approved the revised price of ${f.pounds(amount)} for your ${vehicle}. The dealer takes the car and we pay you.`],
    action: 'See your sale',
    sms: [`you approved ${f.pounds(amount)} for your `, vehicleFit(vehicle), '. See your sale:'],
  }),
  revised_offer_declined: ({ agreed }, { vehicle }, f) => ({
    subject: `You declined the revised offer: your ${vehicle} stays with you`,
    paragraphs: [
      `You declined the dealer's revised offer, so the sale at ${f.pounds(agreed)} has ended and your ${vehicle} stays with you. There is no fee.`,
      'You can put it in the next daily sale whenever you like, free.',
    ],
    action: 'See your car',
    sms: ['you declined the revised offer. Your ', vehicleFit(vehicle), ' stays with you, no fee:'],
  }),
  dealer_cancelled: ({ agreed }, { vehicle }, f) => ({
    subject: `The dealer cancelled the sale of your ${vehicle}`,
    paragraphs: [
      `The dealer found more at the handover than our rules let them take off the agreed ${f.pounds(agreed)}, so they could only cancel. Your ${vehicle} stays with you and there is no fee.`,
      'You can put it in the next daily sale whenever you like, free.',
    ],
    action: 'See your car',
    sms: ['the dealer cancelled the sale of your ', vehicleFit(vehicle), '. It stays with you, no fee:'],
  }),
  dvla_told: ({ referenceLast4 }, { vehicle }) => ({
    subject: `DVLA has been told you sold your ${vehicle}`,
    paragraphs: [
      `The dealer has told DVLA that they bought your ${vehicle}, with the V5C whose reference ends ${referenceLast4}. DVLA confirms by letter, usually within 4 weeks, and refunds any full months of vehicle tax left.`,
    ],
    action: 'See your sale',
    sms: ['DVLA has been told you sold your ', vehicleFit(vehicle), '. See your sale:'],
  }),
  final_dealer_confirmation: ({ dealer, amount, date, slot, address }, { vehicle }, f) => ({
    subject: `${dealer} confirms: ${f.pounds(amount)} for your ${vehicle}`,
    paragraphs: [
      `${dealer} confirms they are buying your ${vehicle} for ${f.pounds(amount)}, collecting on ${f.day(date)}, ${SLOTS[slot].long}, from ${address}.`,
      'At the handover they need the keys, the V5C logbook and the service history. They check the car against your profile: only the published tariff can change the price, and only if you approve.',
    ],
    action: 'See the dealer and what they need',
    sms: [`${f.pounds(amount)} confirmed for your `, vehicleFit(vehicle), `, collected ${f.dayShort(date)}:`],
  }),
  settlement_figure_received: ({ lender, amount, expiresAt }, { vehicle }, f) => ({
    subject: `${lender}'s settlement figure for your ${vehicle}: ${f.pounds(amount)}`,
    paragraphs: [
      `${lender} has given us, with your consent, the figure that settles the finance on your ${vehicle}: ${f.pounds(amount)}. It holds until ${f.when(expiresAt)}, and we ask ${lender} for a new one before then.`,
      'When the car is sold we pay your lender from the price, and you the rest.',
    ],
    action: 'See how your price is paid',
    sms: [`${f.pounds(amount)} settles your finance with `, { fit: lender, min: 10 }, `, until ${f.whenShort(expiresAt)}. See it:`],
  }),
  settlement_expiring: ({ lender, amount, expiresAt }, { vehicle }, f) => ({
    subject: `Your settlement figure from ${lender} ends ${f.when(expiresAt)}`,
    paragraphs: [
      `The settlement figure of ${f.pounds(amount)} from ${lender} for your ${vehicle} holds until ${f.when(expiresAt)}. We ask ${lender} for a new one before it ends: you do not need to do anything.`,
    ],
    action: 'See your finance settlement',
    sms: [`${f.pounds(amount)} from `, { fit: lender, min: 10 }, ` to settle your finance ends ${f.whenShort(expiresAt)}. We ask again:`],
  }),
};

export function renderMessage(event: MessageEvent, context: MessageContext): RenderedMessage {
  const values = {
    ...context,
    firstName: oneLine(context.firstName),
    vehicle: oneLine(context.vehicle),
    brandName: oneLine(context.brandName),
  };
  const render = MESSAGES[event.kind] as (event: MessageEvent, context: MessageContext, f: Formats) => Wording;
  const wording = render(cleanEvent(event), values, FORMATS);
  const greeting = `Hello ${values.firstName},`;
  const text = [greeting, ...wording.paragraphs, `${wording.action}: ${values.link}`, footer(values.brandName)].join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...wording.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(values.link)}">${escapeHtml(wording.action)}</a></p>`,
    `<p>${escapeHtml(footer(values.brandName))}</p>`,
  ].join('\n');
  return { subject: wording.subject, text, html, sms: fitSms([`${values.brandName}: `, ...wording.sms], values.shortLink) };
}

/**
 * The text for a new sign-in link. The e-mail with the link is the account's own
 * (platform/src/account/sign-in-links.ts); the text only says one was sent, and carries no link,
 * so a stolen phone cannot sign in with it.
 */
export function renderSignInNoticeSms(context: Pick<MessageContext, 'brandName'>): string {
  return toGsm7(
    `${oneLine(context.brandName)}: we have e-mailed you a sign-in link. If you did not ask for it, ignore it: nobody can sign in without your e-mail. ${SMS_OPT_OUT}`,
  );
}

const footer = (brandName: string) =>
  `You get this e-mail because you are selling your car with ${brandName}. We always e-mail you about your sale, whatever you chose about news and offers.`;

/** Values a seller typed may hold line breaks and runs of spaces: a message shows them on one line. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function cleanEvent(event: MessageEvent): MessageEvent {
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) cleaned[key] = typeof value === 'string' ? oneLine(value) : value;
  return cleaned as MessageEvent;
}

// Formats ------------------------------------------------------------------------------------

const UK = 'Europe/London';
const wholePounds = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parts(date: Date, options: Intl.DateTimeFormatOptions, timeZone: string) {
  const found: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).formatToParts(date)) found[part.type] = part.value;
  return found;
}

/** '2pm', '9:30am', and 'midday' and 'midnight', which read more plainly than 12pm and 12am. */
function clockTime(date: Date): string {
  const p = parts(date, { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }, UK);
  const period = (p.dayPeriod ?? '').toLowerCase().replace(/\./g, '');
  if (p.hour === '12' && p.minute === '00') return period === 'am' ? 'midnight' : 'midday';
  return `${p.hour}${p.minute === '00' ? '' : `:${p.minute}`}${period}`;
}

/** A day: a date alone ('2026-12-08') is that calendar day; an instant is its day in the UK. */
function dayOf(value: string, weekday: 'long' | 'short', month: 'long' | 'short'): string {
  const dateOnly = DATE_ONLY.test(value);
  const date = dateOnly ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date: ${JSON.stringify(value)}`);
  const p = parts(date, { weekday, day: 'numeric', month }, dateOnly ? 'UTC' : UK);
  return `${p.weekday} ${p.day} ${p.month}`;
}

function instant(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date: ${JSON.stringify(value)}`);
  return date;
}

const FORMATS: Formats = {
  pounds: (amount) => {
    if (!Number.isFinite(amount)) throw new Error(`Not an amount: ${amount}`);
    return `£${wholePounds.format(Math.round(amount))}`;
  },
  when: (iso) => `${dayOf(iso, 'long', 'long')}, ${clockTime(instant(iso))}`,
  whenShort: (iso) => `${dayOf(iso, 'short', 'short')}, ${clockTime(instant(iso))}`,
  day: (date) => dayOf(date, 'long', 'long'),
  dayShort: (date) => dayOf(date, 'short', 'short'),
};

// HTML ---------------------------------------------------------------------------------------

/** Every value is text: nothing a seller or a dealer typed becomes markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

// SMS ----------------------------------------------------------------------------------------

/** The GSM 03.38 default alphabet, and its extension table (each of those costs two septets). */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENDED = new Set('^{}\\[~]|€');

export function isGsm7(text: string): boolean {
  for (const ch of text) if (!GSM7_BASIC.has(ch) && !GSM7_EXTENDED.has(ch)) return false;
  return true;
}

/** How many septets a GSM-7 text takes: what the 160 is counted in. */
export function smsLength(text: string): number {
  let length = 0;
  for (const ch of text) length += GSM7_EXTENDED.has(ch) ? 2 : 1;
  return length;
}

const LOOK_ALIKES: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
};

/** A value brought into GSM-7: typographic marks to their plain forms, accents dropped where GSM-7 has no letter, anything else '?'. */
export function toGsm7(text: string): string {
  let out = '';
  for (const ch of text) {
    if (GSM7_BASIC.has(ch) || GSM7_EXTENDED.has(ch)) out += ch;
    else if (LOOK_ALIKES[ch] !== undefined) out += LOOK_ALIKES[ch];
    else {
      const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += isGsm7(bare) && bare.length > 0 ? bare : '?';
    }
  }
  return out;
}

/** `value` cut to `length` characters by taking out its middle: both ends are what identify it. */
function shortenMiddle(value: string, length: number): string {
  if (value.length <= length) return value;
  const keep = Math.max(length - 3, 2);
  const head = Math.ceil(keep / 2);
  return `${value.slice(0, head).trimEnd()}...${value.slice(value.length - (keep - head)).trimStart()}`;
}

/** The text, the short link and the opt-out line in one SMS: the longest variable part gives way first. */
function fitSms(pieces: SmsPart[], shortLink: string): string {
  const fixedEnd = ` ${toGsm7(shortLink)} ${SMS_OPT_OUT}`;
  const values = pieces.map((piece) => toGsm7(typeof piece === 'string' ? piece : piece.fit));
  const mins = pieces.map((piece) => (typeof piece === 'string' ? null : piece.min));
  // The first letter after the brand's colon is a capital, as the start of a sentence.
  const joined = () => capitaliseAfterBrand(values.join('')) + fixedEnd;
  for (let guard = 0; guard < 50; guard++) {
    const over = smsLength(joined()) - SMS_MAX;
    if (over <= 0) break;
    let longest = -1;
    for (let i = 0; i < values.length; i++) {
      const min = mins[i];
      if (min !== null && min !== undefined && values[i]!.length > min && (longest < 0 || values[i]!.length > values[longest]!.length))
        longest = i;
    }
    if (longest < 0) break;
    const value = values[longest]!;
    values[longest] = shortenMiddle(value, Math.max(mins[longest]!, value.length - over));
  }
  return joined();
}

function capitaliseAfterBrand(text: string): string {
  return text.replace(/^([^:]*: )(\p{Ll})/u, (_, brand: string, first: string) => brand + first.toUpperCase());
}
