// Replaced by the templates/short-links branch at merge: a minimal stand-in with the agreed
// signature, so the delivery pipeline can be built and tested against it.

export type MessageEvent =
  | { kind: 'sale_entered'; startsAt: string }
  | { kind: 'sale_started'; endsAt: string }
  | { kind: 'offer_arrived'; amount: number; dealerArea: string; expiresAt: string }
  | { kind: 'offer_lapsing'; amount: number; expiresAt: string }
  | { kind: 'no_bids' }
  | { kind: 'offer_accepted' }
  | { kind: 'document_requested'; document: string }
  | { kind: 'collection_booked'; date: string; slot: 'morning' | 'afternoon'; address: string }
  | { kind: 'collection_tomorrow'; date: string; slot: 'morning' | 'afternoon'; address: string }
  | { kind: 'paid'; amount: number; accountEnding: string }
  | { kind: 'payout_account_changed'; accountEnding: string };

export interface MessageContext {
  firstName: string;
  vehicle: string;
  brandName: string;
  /** Absolute URL of the page the message is about. */
  link: string;
  /** The same page through a short link (absolute), for texts. */
  shortLink: string;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

const pounds = (amount: number) => `£${amount.toLocaleString('en-GB')}`;
const when = (iso: string) => new Date(iso).toUTCString();

function headline(event: MessageEvent, vehicle: string): string {
  switch (event.kind) {
    case 'sale_entered':
      return `Your ${vehicle} is in the next sale, which starts ${when(event.startsAt)}`;
    case 'sale_started':
      return `The sale for your ${vehicle} has started; it ends ${when(event.endsAt)}`;
    case 'offer_arrived':
      return `An offer of ${pounds(event.amount)} for your ${vehicle} from a dealer in ${event.dealerArea}, open until ${when(event.expiresAt)}`;
    case 'offer_lapsing':
      return `Your offer of ${pounds(event.amount)} for your ${vehicle} lapses ${when(event.expiresAt)}`;
    case 'no_bids':
      return `No dealer bid on your ${vehicle}; you can put it in another sale, free`;
    case 'offer_accepted':
      return `You accepted the offer for your ${vehicle}`;
    case 'document_requested':
      return `A dealer asks for your ${event.document}`;
    case 'collection_booked':
      return `Collection of your ${vehicle} is booked for ${event.date}, ${event.slot}${event.address ? `, at ${event.address}` : ''}`;
    case 'collection_tomorrow':
      return `The dealer collects your ${vehicle} tomorrow, ${event.date}, ${event.slot}${event.address ? `, at ${event.address}` : ''}`;
    case 'paid':
      return `You have been paid ${pounds(event.amount)} for your ${vehicle}, into the account ending ${event.accountEnding}`;
    case 'payout_account_changed':
      return `Your payout account is now the one ending ${event.accountEnding}`;
  }
}

export function renderMessage(event: MessageEvent, context: MessageContext): RenderedMessage {
  const line = headline(event, context.vehicle);
  const text = `Hello ${context.firstName},\n\n${line}.\n\n${context.link}\n\n${context.brandName}`;
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return {
    subject: line,
    text,
    html: `<p>Hello ${escape(context.firstName)},</p><p>${escape(line)}.</p><p><a href="${escape(context.link)}">${escape(context.link)}</a></p>`,
    sms: `${context.brandName}: ${line}. ${context.shortLink}`,
  };
}
