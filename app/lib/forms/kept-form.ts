import { neverEchoed } from './never-echoed';

/**
 * What a seller sent with a form that the platform could not take (docs/decisions/010): when the
 * platform is down altogether, the page behind the form can't load either, so the page-load
 * failure shows the typed values instead, ready to send again. Only for a plain form post (no
 * JavaScript: with scripts, the browser keeps the form as it was). Never secrets (never-echoed.ts),
 * and never files.
 */
export interface KeptForm {
  action: string;
  fields: [name: string, value: string][];
}

/** Fields a form sends for its own workings: sent again, never shown. */
const TECHNICAL = /^(intent|redirectTo|_.*|index)$/;
const MAX_FIELDS = 40;
const MAX_VALUE = 500;

export function keepForm(url: URL, form: FormData): KeptForm | null {
  const fields: KeptForm['fields'] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string' || neverEchoed(name) || value.length > MAX_VALUE) continue;
    fields.push([name, value]);
    if (fields.length >= MAX_FIELDS) break;
  }
  if (!fields.some(([name, value]) => !TECHNICAL.test(name) && value.trim())) return null;
  return { action: url.pathname + url.search, fields };
}

const LABELS: Record<string, string> = {
  vrm: 'Registration',
  mileage: 'Mileage',
  name: 'Full name',
  email: 'Email address',
  phone: 'Mobile number',
  mobile: 'Mobile number',
  postcode: 'Postcode',
  accountName: 'Name on the account',
  sortCode: 'Sort code',
  lender: 'Finance company',
  settlement: 'Settlement figure',
  outstanding: 'Finance outstanding',
  features: 'Features',
  serviceHistory: 'Service history',
  declared: 'Damage or faults',
  kinds: 'Kinds of damage',
  keys: 'Keys',
  date: 'Date',
  slot: 'Time of day',
  notes: 'Notes',
};

/** The fields to show the seller, with a label each (values of one name joined). */
export function visibleFields(kept: KeptForm): { label: string; value: string }[] {
  const byName = new Map<string, string[]>();
  for (const [name, value] of kept.fields) {
    if (TECHNICAL.test(name) || !value.trim()) continue;
    byName.set(name, [...(byName.get(name) ?? []), value]);
  }
  return [...byName].map(([name, values]) => ({ label: LABELS[name] ?? sentence(name), value: values.join(', ') }));
}

function sentence(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
