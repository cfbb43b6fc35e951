import { describe, expect, it } from 'vitest';
import { checkBankDetails } from '../../../contract/bank-details';
import { compareNames, confirmPayee, nameWords, SANDBOX_ACCOUNTS, UNAVAILABLE_SORT_CODE } from './confirmation-of-payee';

describe('name matching', () => {
  it('normalises case, spaces, punctuation, accents and titles', () => {
    expect(nameWords('  Mrs. Sarah   KENNEDY ')).toEqual(['sarah', 'kennedy']);
    expect(nameWords("Dr Zoë O'Neill-Smith")).toEqual(['zoe', 'o', 'neill', 'smith']);
    expect(nameWords('Kennedy Motors Limited')).toEqual(['kennedy', 'motors', 'ltd']);
  });

  it.each([
    ['Sarah Kennedy', 'Sarah Kennedy', 'match'],
    ['sarah  kennedy', 'Sarah Kennedy', 'match'],
    ['Mrs Sarah Kennedy', 'Sarah Kennedy', 'match'],
    ['Kennedy Motors Limited', 'Kennedy Motors Ltd', 'match'],
    ['S Kennedy', 'Sarah Kennedy', 'close_match'],
    ['Sarah Kennedy', 'S Kennedy', 'close_match'],
    ['S. Kennedy', 'Sarah Kennedy', 'close_match'],
    ['Sam Kennedy', 'Samuel Kennedy', 'close_match'],
    ['Sarah Jane Kennedy', 'Sarah Kennedy', 'close_match'],
    ['Tom Kennedy', 'Sarah Kennedy', 'no_match'],
    ['T Kennedy', 'Sarah Kennedy', 'no_match'],
    ['Sarah Smith', 'Sarah Kennedy', 'no_match'],
    ['Kennedy', 'Sarah Kennedy', 'no_match'],
    ['', 'Sarah Kennedy', 'no_match'],
  ])('%s against %s: %s', (typed, held, expected) => {
    expect(compareNames(typed, held)).toBe(expected);
  });
});

describe('the simulated provider', () => {
  it('has sandbox accounts that pass the modulus check', () => {
    for (const key of [...Object.keys(SANDBOX_ACCOUNTS), `${UNAVAILABLE_SORT_CODE}/63748472`]) {
      const [sortCode, accountNumber] = key.split('/');
      expect(checkBankDetails({ accountName: 'A Name', sortCode, accountNumber }).ok, key).toBe(true);
    }
  });

  it('answers each of the four outcomes', async () => {
    const sarah = { sortCode: '089999', accountNumber: '66374958' };
    expect(await confirmPayee({ ...sarah, name: 'sarah  kennedy' })).toEqual({ result: 'match' });
    expect(await confirmPayee({ ...sarah, name: 'S Kennedy' })).toEqual({
      result: 'close_match',
      bankName: 'Sarah Kennedy',
      reason: 'name',
      accountType: 'personal',
    });
    expect(await confirmPayee({ sortCode: '107999', accountNumber: '88837491', name: 'Sarah Kennedy' })).toMatchObject({
      result: 'close_match',
      bankName: 'S Kennedy',
    });
    expect(await confirmPayee({ ...sarah, name: 'John Smith' })).toEqual({ result: 'no_match' });
    expect(await confirmPayee({ sortCode: UNAVAILABLE_SORT_CODE, accountNumber: '63748472', name: 'Sarah Kennedy' })).toEqual({
      result: 'unavailable',
      reason: 'not_answered',
    });
  });

  it('gives a business account typed as personal as a close match of its type', async () => {
    const business = { sortCode: '134020', accountNumber: '63849203', name: 'Kennedy Motors Ltd' };
    expect(await confirmPayee(business)).toEqual({
      result: 'close_match',
      bankName: 'Kennedy Motors Ltd',
      reason: 'account_type',
      accountType: 'business',
    });
    expect(await confirmPayee({ ...business, accountType: 'business' })).toEqual({ result: 'match' });
  });

  it('matches any name on an account outside the sandbox registry', async () => {
    expect(await confirmPayee({ sortCode: '200000', accountNumber: '55779911', name: 'Anyone At All' })).toEqual({ result: 'match' });
  });
});
