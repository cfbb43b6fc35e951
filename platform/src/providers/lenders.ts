import type { LenderSummary } from '../../../contract/finance-settlement';

/**
 * UK motor-finance lenders a seller may have a car on finance with, for the profile's lender search
 * (GET /platform/finance-settlement/v1/provider). Each entry says where the fact that it exists as
 * a UK motor-finance lender comes from, and when that was checked. Only lenders whose own pages (or
 * their group's published accounts) were found are listed; a lender that could not be confirmed is
 * left out, and the seller chooses "My lender is not listed". No phone numbers or addresses are
 * kept: the simulated lender (lender-settlement.ts) stands in for each one's settlement service.
 *
 * `settlementValidDays` is the validity the lender itself publishes for a settlement quote, where
 * it does; otherwise the simulated lender uses about 10 days (after-the-sale.md: the market
 * leader's help centre).
 */
export interface Lender extends LenderSummary {
  /** Other names a seller may know it by (a brand, a trading style): searched as the name is. */
  aliases: string[];
  source: string;
  checked: string;
  settlementValidDays?: number;
}

const CHECKED = '2026-12-02';

export const LENDERS: readonly Lender[] = [
  {
    id: 'black-horse',
    name: 'Black Horse',
    aliases: ['Lloyds Banking Group', 'Black Horse Limited'],
    source:
      'Black Horse Limited Report and Accounts 2019 (docslib.org/doc/642715); Lloyds Banking Group results coverage naming Black Horse as its motor finance business (cardealermagazine.co.uk, 22 February 2024)',
    checked: CHECKED,
  },
  {
    id: 'motonovo',
    name: 'MotoNovo Finance',
    aliases: ['MotoNovo', 'FirstRand'],
    source: 'MotoNovo Finance FAQ "How is my settlement figure calculated?" (faq.motonovofinance.com/settlement-figures/)',
    checked: CHECKED,
  },
  {
    id: 'santander-consumer',
    name: 'Santander Consumer (UK)',
    aliases: ['Santander Consumer Finance', 'Santander'],
    source: 'Santander Consumer (UK) plc customer FAQ on finance agreements (santanderconsumer.co.uk/frequently-asked-questions/)',
    checked: CHECKED,
  },
  {
    id: 'close-brothers',
    name: 'Close Brothers Motor Finance',
    aliases: ['Close Brothers', 'Close Motor Finance'],
    source:
      'Close Brothers Motor Finance help and support: "request a settlement quote … valid for 28 days" (closemotorfinance.co.uk/help-and-support)',
    checked: CHECKED,
    settlementValidDays: 28,
  },
  {
    id: 'barclays-partner-finance',
    name: 'Barclays Partner Finance',
    aliases: ['Barclays'],
    source:
      'Barclays Partner Finance "At the end of your motor agreement" and "Ending your finance early": settlement amount valid for up to 28 days (barclayspartnerfinance.com/home/personal/yourloan/)',
    checked: CHECKED,
    settlementValidDays: 28,
  },
  {
    id: 'oodle',
    name: 'Oodle Car Finance',
    aliases: ['Oodle'],
    source: 'Oodle Car Finance FAQ "I want to settle my agreement early": 28 days to pay a settlement figure (oodlecarfinance.com/faq/)',
    checked: CHECKED,
    settlementValidDays: 28,
  },
  {
    id: 'vwfs',
    name: 'Volkswagen Financial Services UK',
    aliases: ['Volkswagen Finance', 'VWFS', 'Audi Finance', 'SEAT Finance', 'Skoda Finance', 'Cupra Finance', 'Porsche Financial Services'],
    source:
      'Volkswagen Financial Services UK customer FAQ (customer.vwfs.co.uk); FCA action against Volkswagen Financial Services (UK) Ltd, October 2024, covering finance for Volkswagen Group brands. The brand aliases are from that coverage, not from VWFS itself',
    checked: CHECKED,
  },
  {
    id: 'bmw-financial-services',
    name: 'BMW Financial Services',
    aliases: ['BMW Finance', 'MINI Financial Services', 'Alphera'],
    source:
      'BMW UK existing finance customers FAQ and BMW Motorrad "Paying off your loan early" (bmw.co.uk; bmw-motorrad.co.uk). The MINI and Alphera aliases are unconfirmed here',
    checked: CHECKED,
  },
  {
    id: 'ford-credit',
    name: 'Ford Credit',
    aliases: ['FCE Bank', 'Ford Credit Europe'],
    source:
      'Ford UK finance FAQs: "Request a settlement figure" (ford.co.uk/finance/support/faqs); FCE Bank accounts coverage (cityam.com, 2025)',
    checked: CHECKED,
  },
  {
    id: 'toyota-financial-services',
    name: 'Toyota Financial Services',
    aliases: ['Toyota Finance', 'Lexus Financial Services'],
    source:
      'Toyota UK Finance Help Centre: settlement quote when selling the vehicle (toyota.co.uk/help-centre/finance). The Lexus alias is unconfirmed here',
    checked: CHECKED,
  },
  {
    id: 'kia-finance',
    name: 'Kia Finance',
    aliases: ['Kia'],
    source:
      'Kia Finance UK "Managing my contract": finance clearance (kiafinance.co.uk/managing-my-contract/). Which company provides it was not confirmed',
    checked: CHECKED,
  },
];

/** The most a search answers. */
export const LENDER_SEARCH_LIMIT = 8;

const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The lenders whose name or another name contains the search, case and punctuation aside; a name
 * that starts with it first, then the list's order. An empty search lists the first ones.
 */
export function searchLenders(search: string, limit = LENDER_SEARCH_LIMIT): LenderSummary[] {
  const wanted = fold(search);
  const scored = LENDERS.map((lender, index) => {
    const names = [lender.name, ...lender.aliases].map(fold);
    const starts = names.some((name) => name.startsWith(wanted) || name.split(' ').some((word) => word.startsWith(wanted)));
    const contains = names.some((name) => name.includes(wanted));
    return { lender, index, rank: starts ? 0 : contains ? 1 : 2 };
  }).filter((entry) => entry.rank < 2);
  scored.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return scored.slice(0, limit).map(({ lender }) => ({ id: lender.id, name: lender.name }));
}

export function lenderById(id: string): Lender | null {
  return LENDERS.find((lender) => lender.id === id) ?? null;
}
