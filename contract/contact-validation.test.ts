import { describe, expect, it } from 'vitest';
import { checkUkPhone, isEmail, isFullName, normalisePostcode } from './contact-validation';

describe('contact details', () => {
  it('needs a full name', () => {
    expect(isFullName('Sarah Kennedy')).toBe(true);
    expect(isFullName('Seán Ó Briain')).toBe(true);
    expect(isFullName('Sarah')).toBe(false);
    expect(isFullName('  ')).toBe(false);
  });

  it('checks e-mail shape', () => {
    expect(isEmail('sarah@example.co.uk')).toBe(true);
    expect(isEmail('sarah@example')).toBe(false);
    expect(isEmail('sarah example.co.uk')).toBe(false);
  });

  it('accepts UK mobiles written any usual way, and tells landlines apart', () => {
    expect(checkUkPhone('07400 123456')).toEqual({ valid: true, mobile: true, country: 'GB', e164: '+447400123456' });
    expect(checkUkPhone('+44 7400 123456').e164).toBe('+447400123456');
    expect(checkUkPhone('020 7946 0000')).toMatchObject({ valid: true, mobile: false });
  });

  it('rejects numbers abroad, short ones, and any with a slash', () => {
    expect(checkUkPhone('+33 6 12 34 56 78').valid).toBe(false);
    expect(checkUkPhone('07400 12345').valid).toBe(false);
    // +44 7911 is Guernsey: the same dialling code, another country.
    expect(checkUkPhone('07911 123456')).toMatchObject({ valid: false, country: 'GG' });
    expect(checkUkPhone('07400/123456').valid).toBe(false);
  });

  it('normalises UK postcodes', () => {
    expect(normalisePostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normalisePostcode('BT1 1AA')).toBe('BT1 1AA');
    expect(normalisePostcode('XX1')).toBeNull();
  });
});
