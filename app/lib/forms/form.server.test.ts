import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PlatformFailure } from '../gateway.server';
import { failed, invalid, parseForm, parseIntent, refuse } from './form.server';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const Bank = z.object({
  accountName: z.string(),
  sortCode: z.string().regex(/^\d{6}$/, 'Enter a valid sort code'),
  accountNumber: z.string(),
});
const Code = z.object({ code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code') });
const context = { config: { brandName: 'Kerbside' } };

/** The answer's body and status, as an action returns it. */
const read = (answer: ReturnType<typeof invalid>) => ({ body: answer.data, status: answer.init?.status });

describe('the one form helper', () => {
  it('answers a form that does not validate with its field errors and what was typed, but never the account number', () => {
    const submission = parseForm(form({ accountName: 'A Seller', sortCode: '12-34', accountNumber: '66374958' }), Bank);
    expect(submission.status).toBe('error');
    const { body, status } = read(invalid(submission));
    expect(status).toBe(400);
    expect(body.error).toEqual({ sortCode: ['Enter a valid sort code'] });
    expect(body.initialValue).toEqual({ accountName: 'A Seller', sortCode: '12-34' });
  });

  it('picks the schema by the form’s intent, and reads a form without one as the fallback', () => {
    const code = parseIntent(form({ intent: 'code', code: '12345' }), { save: Bank, code: Code }, 'save');
    expect(code.intent).toBe('code');
    expect(code.submission.status).toBe('error');
    const plain = parseIntent(form({ accountName: 'A', sortCode: '123456', accountNumber: '1' }), { save: Bank, code: Code }, 'save');
    expect(plain.intent).toBe('save');
    expect(plain.submission.status).toBe('success');
    const unknown = parseIntent(form({ intent: 'delete-everything' }), { save: Bank, code: Code }, 'save');
    expect(unknown.intent).toBe('save');
  });

  it('words a refusal above the form, or by the fields it names', () => {
    const submission = parseForm(form({ code: '123456' }), Code);
    expect(read(refuse(submission, 'That code has expired')).body.error).toEqual({ '': ['That code has expired'] });
    const byField = read(refuse(submission, { code: 'That code is not right' }, 409));
    expect(byField.status).toBe(409);
    expect(byField.body.error).toEqual({ code: ['That code is not right'] });
  });

  it('answers a platform failure with its message and status, and throws anything else on', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const submission = parseForm(form({ accountName: 'A Seller', sortCode: '123456', accountNumber: '66374958' }), Bank);
    const down = new PlatformFailure(
      { name: 'sale.updateBeneficiary', outcomeStatuses: [] },
      'The service could not be reached',
      0,
      'network',
      null,
    );
    const { body, status } = read(failed(submission, down, context, 'bank_details.save_failed'));
    expect(status).toBe(503);
    expect(body.error).toEqual({ '': ['Sorry, something went wrong. Please try again.'] });
    expect(body.initialValue).toEqual({ accountName: 'A Seller', sortCode: '123456' });
    const refused = new PlatformFailure(
      { name: 'sale.bookCollection', outcomeStatuses: [] },
      'Choose one of the days offered',
      400,
      'invalid_collection',
      null,
    );
    expect(read(failed(submission, refused, context, 'collection.book_failed', { field: 'date' })).body.error).toEqual({
      date: ['Choose one of the days offered'],
    });
    expect(() => failed(submission, new Error('a bug'), context, 'x')).toThrow('a bug');
  });
});
