import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BANK_MESSAGES,
  checkBankDetails,
  formatSortCode,
  normaliseAccountNumber,
  normaliseSortCode,
  passesModulusCheck,
} from './bank-details';
import { MODULUS_TABLE_VERSION, parseSubstitutions, parseWeightTable, substitutionData, weightRowData } from './modulus-tables';
import { SCSUBTAB } from './vocalink/scsubtab';
import { VALACDOS } from './vocalink/valacdos';

describe('normaliseSortCode', () => {
  it.each([
    ['12-34-56', '123456'],
    ['12 34 56', '123456'],
    ['123456', '123456'],
    [' 12–34–56 ', '123456'],
  ])('reads %j as %s', (input, expected) => {
    expect(normaliseSortCode(input)).toBe(expected);
  });

  it.each(['12345', '1234567', '12-34-5a', '', 'twelve'])('refuses %j', (input) => {
    expect(normaliseSortCode(input)).toBeNull();
  });

  it('refuses anything that is not a string', () => {
    expect(normaliseSortCode(123456)).toBeNull();
  });
});

describe('normaliseAccountNumber', () => {
  it('keeps 8 digits and pads 6 or 7 with leading zeros, as the Vocalink spec standardises them', () => {
    expect(normaliseAccountNumber('66374958')).toBe('66374958');
    expect(normaliseAccountNumber('6637 4958')).toBe('66374958');
    expect(normaliseAccountNumber('6774744')).toBe('06774744');
    expect(normaliseAccountNumber('123456')).toBe('00123456');
  });

  it('refuses 9 and 10 digits (bank-specific rules), under 6 digits, and letters', () => {
    for (const input of ['123456789', '1234567890', '12345', '1234567a', '']) expect(normaliseAccountNumber(input), input).toBeNull();
  });
});

/**
 * The test cases published in Vocalink's "Validating account numbers" spec (chapter 3), with the
 * result the spec gives for each, run against the bundled table.
 */
const VOCALINK_CASES: [sortCode: string, accountNumber: string, valid: boolean, what: string][] = [
  ['089999', '66374958', true, 'standard MOD10'],
  ['107999', '88837491', true, 'standard MOD11'],
  ['202959', '63748472', true, 'standard MOD11 and DBLAL'],
  ['871427', '46238510', true, 'exception 10 & 11, first check passes'],
  ['872427', '46238510', true, 'exception 10 & 11, first passes, second fails'],
  ['871427', '09123496', true, 'exception 10 & 11, ab = 09 and g = 9'],
  ['871427', '99123496', true, 'exception 10 & 11, ab = 99 and g = 9'],
  ['820000', '73688637', true, 'exception 3, c = 6: DBLAL skipped'],
  ['827999', '73988638', true, 'exception 3, c = 9: DBLAL skipped'],
  ['827101', '28748352', true, 'exception 3, both checks'],
  ['134020', '63849203', true, 'exception 4, remainder = gh'],
  ['118765', '64371389', true, 'exception 1, +27'],
  ['200915', '41011166', true, 'exception 6, foreign currency'],
  ['938611', '07806039', true, 'exception 5, substituted sort code'],
  ['938600', '42368003', true, 'exception 5, MOD11 remainder 0 and g = 0'],
  ['938063', '55065200', true, 'exception 5, DBLAL remainder 0 and h = 0'],
  ['772798', '99345694', true, 'exception 7, g = 9'],
  ['086090', '06774744', true, 'exception 8, sort code 090126'],
  ['309070', '02355688', true, 'exception 2 & 9, a = 0: standard weights'],
  ['309070', '12345668', true, 'exception 2 & 9, a ≠ 0, g ≠ 9'],
  ['309070', '12345677', true, 'exception 2 & 9, a ≠ 0, g ≠ 9'],
  ['309070', '99345694', true, 'exception 2 & 9, a ≠ 0, g = 9'],
  ['938063', '15764273', false, 'exception 5, first check digit wrong'],
  ['938063', '15764264', false, 'exception 5, second check digit wrong'],
  ['938063', '15763217', false, 'exception 5, MOD11 remainder 1'],
  ['118765', '64371388', false, 'exception 1, wrong digit'],
  ['203099', '66831036', false, 'exception 6, first check fails'],
  ['203099', '58716970', false, 'exception 6, second check fails'],
  ['089999', '66374959', false, 'MOD10, wrong last digit'],
  ['107999', '88837493', false, 'MOD11, wrong last digit'],
  ['074456', '12345112', true, 'exception 12 & 13, first check passes'],
  ['070116', '34012583', true, 'exception 12 & 13, second check passes'],
  ['074456', '11104102', true, 'exception 12 & 13, first fails, second passes'],
  ['180002', '00000190', true, 'exception 14, standard check passes'],
];

describe('passesModulusCheck: the Vocalink published cases', () => {
  it.each(VOCALINK_CASES)('%s %s → %s (%s)', (sortCode, accountNumber, valid) => {
    expect(passesModulusCheck(sortCode, accountNumber)).toBe(valid);
  });
});

describe('passesModulusCheck: rules the published cases leave thin', () => {
  it('needs both checks where a sort code has two and no exception makes them alternatives', () => {
    // 04-00-10: this number passes MOD11 but fails the double-alternate check.
    expect(passesModulusCheck('040010', '12345005')).toBe(false);
  });

  it('retries a Coutts number without its suffix digit when the standard check fails (exception 14)', () => {
    expect(passesModulusCheck('180002', '10000040')).toBe(true);
    expect(passesModulusCheck('180002', '10000049')).toBe(true);
    expect(passesModulusCheck('180002', '10000048')).toBe(false);
  });

  it('gives the same answer whatever was checked before (exception 7 must not change the table)', () => {
    const alone = ['70768330', '85949413', '73932802'].map((n) => passesModulusCheck('772798', n));
    expect(alone).toEqual([true, true, false]);
    expect(passesModulusCheck('772798', '99345694')).toBe(true);
    expect(['70768330', '85949413', '73932802'].map((n) => passesModulusCheck('772798', n))).toEqual(alone);
  });

  it('compares the exception 4 remainder with gh as a two-digit number', () => {
    expect(passesModulusCheck('134020', '63849010')).toBe(true);
  });

  it('passes a sort code the table does not cover, as the spec directs', () => {
    expect(passesModulusCheck('000000', '12345678')).toBe(true);
  });

  it('refuses numbers that are not normalised', () => {
    expect(passesModulusCheck('08-99-99', '66374958')).toBe(false);
    expect(passesModulusCheck('089999', '6374958')).toBe(false);
  });
});

describe('the modulus tables', () => {
  it('are the bundled Vocalink release, byte for byte as recorded in contract/vocalink/README.md', () => {
    expect(MODULUS_TABLE_VERSION).toBe('9.00');
    expect(createHash('sha256').update(VALACDOS).digest('hex')).toBe('374727f78e4a60a1dc0080f00853d8e574443908e1509ad552aa75e1be5a872e');
    expect(createHash('sha256').update(SCSUBTAB).digest('hex')).toBe('6fd3c99f13cbb736e740fbd449c77732e1d7647120a74b941774be2fb27e989d');
  });

  it('read every row, complete', () => {
    const rows = weightRowData();
    expect(rows).toHaveLength(1166);
    for (const row of rows) {
      expect(row.weights).toHaveLength(14);
      expect(['MOD10', 'MOD11', 'DBLAL']).toContain(row.method);
      expect(row.start).toBeLessThanOrEqual(row.end);
    }
    expect(rows.find((row) => row.start === 938000 && row.method === 'DBLAL')).toEqual({
      start: 938000,
      end: 938696,
      method: 'DBLAL',
      weights: [2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 0],
      exception: 5,
    });
    expect(substitutionData().size).toBe(21);
    expect(substitutionData().get('938173')).toBe('938017');
  });

  it('refuse a row that does not read as one rather than skip it', () => {
    expect(() => parseWeightTable('089000 089999 MOD10 0 0 0 0 0 0 7 1 3 7 1 3 7')).toThrow(/row 1/);
    expect(() => parseWeightTable('089000 089999 MOD12 0 0 0 0 0 0 7 1 3 7 1 3 7 1')).toThrow(/row 1/);
    expect(() => parseSubstitutions('938173')).toThrow();
  });

  it('cover the ranges that release added: 09-20-00 is checked now, where it used to pass anything', () => {
    // MOD11 with weights 8 7 6 5 4 3 2 1 on the account number: 12345679 sums to 121 = 11 × 11.
    expect(passesModulusCheck('092000', '12345679')).toBe(true);
    expect(passesModulusCheck('092000', '12345678')).toBe(false);
  });
});

describe('checkBankDetails', () => {
  const valid = { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' };

  it('accepts good details and gives them back normalised', () => {
    expect(checkBankDetails({ accountName: '  Sarah   Kennedy ', sortCode: '08 99 99', accountNumber: '6637 4958' })).toEqual({
      ok: true,
      accountName: 'Sarah Kennedy',
      sortCode: '089999',
      accountNumber: '66374958',
    });
    expect(checkBankDetails({ ...valid, sortCode: '10-79-99', accountNumber: '88837491' }).ok).toBe(true);
  });

  it('asks for each missing field', () => {
    expect(checkBankDetails({ accountName: ' ', sortCode: '', accountNumber: undefined })).toEqual({
      ok: false,
      errors: {
        accountName: BANK_MESSAGES.accountNameMissing,
        sortCode: BANK_MESSAGES.sortCodeMissing,
        accountNumber: BANK_MESSAGES.accountNumberMissing,
      },
    });
  });

  it('says what is wrong with a malformed sort code or account number', () => {
    expect(checkBankDetails({ ...valid, sortCode: '12-34-5' })).toEqual({
      ok: false,
      errors: { sortCode: 'Enter a valid sort code, like 12-34-56' },
    });
    expect(checkBankDetails({ ...valid, accountNumber: '1234' })).toEqual({
      ok: false,
      errors: { accountNumber: 'Enter a valid 8-digit account number' },
    });
    expect(checkBankDetails({ ...valid, accountNumber: 66374958 })).toEqual({
      ok: false,
      errors: { accountNumber: BANK_MESSAGES.accountNumberInvalid },
    });
  });

  it('explains that a 9- or 10-digit number needs the bank’s 8-digit version', () => {
    expect(checkBankDetails({ ...valid, accountNumber: '1234567890' })).toEqual({
      ok: false,
      errors: { accountNumber: BANK_MESSAGES.accountNumberTooLong },
    });
  });

  it('catches a typo: one wrong digit fails the modulus check', () => {
    expect(checkBankDetails({ ...valid, accountNumber: '66374959' })).toEqual({
      ok: false,
      errors: { accountNumber: 'Check the sort code and account number: they do not match' },
    });
    expect(checkBankDetails({ ...valid, sortCode: '10-79-99', accountNumber: '88837493' }).ok).toBe(false);
  });

  it('refuses an over-long name', () => {
    expect(checkBankDetails({ ...valid, accountName: 'x'.repeat(71) })).toEqual({
      ok: false,
      errors: { accountName: BANK_MESSAGES.accountNameTooLong },
    });
  });
});

describe('showing bank details back', () => {
  it('formats the sort code', () => {
    expect(formatSortCode('123456')).toBe('12-34-56');
    expect(formatSortCode('12-34-56')).toBe('12-34-56');
    expect(formatSortCode('oops')).toBe('oops');
  });
});
