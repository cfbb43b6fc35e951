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

const miles = new Intl.NumberFormat('en-GB');
export function formatMiles(value: number): string {
  return `${miles.format(value)} miles`;
}

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
export function formatPounds(value: number): string {
  return pounds.format(value);
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
