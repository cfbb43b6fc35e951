import { isValid as isValidPostcode, toNormalised } from 'postcode';

/**
 * Contact rules light enough for the browser (the postcode library is a few hundred bytes).
 * The phone check lives in contact-validation.ts: its numbering data stays on the server.
 */
export const CONTACT_MESSAGES = {
  name: 'Enter your full name',
  email: 'Enter a valid email address',
  phone: "Please check you've entered your phone number correctly",
  postcode: 'Enter a valid UK postcode',
} as const;

/** A full name: at least two words with letters (the dealer needs it for the paperwork). */
export function isFullName(name: string): boolean {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w));
  return words.length >= 2 && name.trim().length <= 100;
}

/** The longest address mail servers take (RFC 5321's path limit, less its brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** The shape browsers and mail servers agree on; whether it exists is the inbox's business. */
export function isEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email.trim());
}

/** 'sw1a1aa' → 'SW1A 1AA', or null for something that is not a UK postcode. */
export function normalisePostcode(input: string): string | null {
  return isValidPostcode(input.trim()) ? toNormalised(input.trim()) : null;
}

/** What a phone number can look like before the server checks it properly. */
export function looksLikePhone(input: string): boolean {
  return !input.includes('/') && /^\+?[\d\s()-]{10,18}$/.test(input.trim());
}

/**
 * Each contact field's rule as a form applies it: what is wrong with the typed value, in the
 * spec's words, or null. The app's zod schemas are built from these, and the browser checks the
 * fields with the very same functions, without a schema library.
 */
export const CONTACT_FIELD_RULES = {
  name: (value: string) => (isFullName(value) ? null : CONTACT_MESSAGES.name),
  email: (value: string) => (isEmail(value.trim()) ? null : CONTACT_MESSAGES.email),
  phone: (value: string) => (looksLikePhone(value) ? null : CONTACT_MESSAGES.phone),
  postcode: (value: string) => (normalisePostcode(value) === null ? CONTACT_MESSAGES.postcode : null),
} as const satisfies Record<keyof typeof CONTACT_MESSAGES, (value: string) => string | null>;
