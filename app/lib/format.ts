/** Register values arrive in DVLA's upper case ('BLUE', 'HYBRID ELECTRIC'); sellers read 'Blue'. */
export function sentenceCase(value: string): string {
  const lower = value.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

const FUEL_NAMES: Record<string, string> = {
  PETROL: 'Petrol',
  DIESEL: 'Diesel',
  ELECTRICITY: 'Electric',
  'HYBRID ELECTRIC': 'Hybrid',
};

export function fuelName(fuel: string): string {
  return FUEL_NAMES[fuel] ?? sentenceCase(fuel);
}

// Formatters are made once: building one is costly, and these run in every render.
const whole = new Intl.NumberFormat('en-GB');
/** 64,000 */
export function formatNumber(value: number): string {
  return whole.format(value);
}

export function formatMiles(value: number): string {
  return `${whole.format(value)} miles`;
}

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
export function formatPounds(value: number): string {
  return pounds.format(value);
}

// toLocaleDateString builds a formatter on every call: it was the costliest single function in the
// home page's server render (docs/performance.md).
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
export function formatDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** A UK mobile as the account stores it (E.164, '+447400123456') as sellers write it: '07400 123456'. */
export function formatPhone(e164: string): string {
  if (!/^\+44\d{10}$/.test(e164)) return e164;
  const national = `0${e164.slice(3)}`;
  return `${national.slice(0, 5)} ${national.slice(5)}`;
}
