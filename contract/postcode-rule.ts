import { isValid as isValidPostcode, toNormalised } from 'postcode';
import { CONTACT_MESSAGES } from './contact-rules';

// Apart from contact-rules.ts: the postcode library is a few hundred bytes that only the forms
// asking for a postcode (sign-up, account details) need in the browser.

/** 'sw1a1aa' → 'SW1A 1AA', or null for something that is not a UK postcode. */
export function normalisePostcode(input: string): string | null {
  return isValidPostcode(input.trim()) ? toNormalised(input.trim()) : null;
}

/** The postcode field's rule, as CONTACT_FIELD_RULES gives the others'. */
export const postcodeProblem = (value: string) => (normalisePostcode(value) === null ? CONTACT_MESSAGES.postcode : null);
