import { describe, expect, it } from 'vitest';
import { keepForm, visibleFields } from './kept-form';

const form = (pairs: [string, string | File][]) => {
  const data = new FormData();
  for (const [name, value] of pairs) data.append(name, value);
  return data;
};

describe('a form kept through an outage', () => {
  it('keeps what was typed, to send again, and never an account number, a password or a file', () => {
    const kept = keepForm(
      new URL('https://kerbside.co.uk/KE19FTA/add-bank-details?x=1'),
      form([
        ['accountName', 'Sarah Kennedy'],
        ['sortCode', '08-99-99'],
        ['accountNumber', '66374958'],
        ['password', 'hunter2'],
        ['file', new File(['x'], 'v5c.pdf')],
        ['intent', 'save'],
      ]),
    );
    expect(kept).toEqual({
      action: '/KE19FTA/add-bank-details?x=1',
      fields: [
        ['accountName', 'Sarah Kennedy'],
        ['sortCode', '08-99-99'],
        ['intent', 'save'],
      ],
    });
    expect(visibleFields(kept!)).toEqual([
      { label: 'Name on the account', value: 'Sarah Kennedy' },
      { label: 'Sort code', value: '08-99-99' },
    ]);
  });

  it('joins choices of one name, labels unknown fields readably, and keeps nothing when nothing was typed', () => {
    const kept = keepForm(
      new URL('https://kerbside.co.uk/KE19FTA/profile/features'),
      form([
        ['features', 'Sat nav'],
        ['features', 'Heated seats'],
        ['tyreTread', '5mm'],
      ]),
    );
    expect(visibleFields(kept!)).toEqual([
      { label: 'Features', value: 'Sat nav, Heated seats' },
      { label: 'Tyre tread', value: '5mm' },
    ]);
    expect(keepForm(new URL('https://kerbside.co.uk/KE19FTA/accept-offer'), form([['intent', 'accept']]))).toBeNull();
  });
});
