import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export { CONTACT_MESSAGES, isEmail, isFullName, normalisePostcode } from './contact-rules';

/**
 * UK phone numbers, checked with libphonenumber-js (Google's numbering metadata). Server side
 * only: the metadata is too big for a phone's JavaScript budget, so browsers get a lighter check
 * (contact-rules.ts) and the server has the last word.
 */

export interface PhoneCheck {
  valid: boolean;
  mobile: boolean;
  country: string | null;
  e164: string | null;
}

/** A UK number (country checked), written any usual way; never with '/'. */
export function checkUkPhone(input: string): PhoneCheck {
  const invalid = { valid: false, mobile: false, country: null, e164: null };
  if (input.includes('/')) return invalid;
  const phone = parsePhoneNumberFromString(input.trim(), 'GB');
  if (!phone || !phone.isValid()) return invalid;
  const type = phone.getType();
  return {
    valid: phone.country === 'GB',
    mobile: type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE',
    country: phone.country ?? null,
    e164: phone.number,
  };
}
