import { describe, expect, it } from 'vitest';
import type { PostSaleFacts } from '../../../contract/progress';
import { stepRedirect } from './sale-steps';

const confirmed: PostSaleFacts = {
  sale: {
    acceptedAt: '2026-11-20T10:00:00Z',
    confirmedAt: '2026-11-20T10:05:00Z',
    documentsReviewedAt: null,
    collection: null,
    collectedAt: null,
    paidAt: null,
  },
  bankDetailsConfirmed: false,
  documentsSubmitted: false,
};

describe('a seller lands on the step their sale is at', () => {
  it.each([
    [null, 'accept-offer', '/KE19FTA'],
    [null, 'profile/keys', null],
    ['sale-active', 'profile/keys', '/KE19FTA'],
    ['sale-active', '', null],
    ['under-offer', '', null],
    ['under-offer', 'confirm-sale', '/KE19FTA/accept-offer'],
    ['sold-wait', 'accept-offer', '/KE19FTA/confirm-sale-summary'],
    ['sold-wait', 'confirm-sale', null],
    ['sold-confirmed', '', '/KE19FTA/add-bank-details'],
    ['sold-confirmed', 'upload-documents/v5c', null],
    ['sold-invoice-paid', 'add-bank-details', '/KE19FTA/sale-complete'],
    ['sold-invoice-paid', 'sale-complete', null],
  ])('state %s, page /%s → %s', (slug, step, target) => {
    expect(stepRedirect('KE19FTA', slug, step, confirmed)).toBe(target);
  });
});

describe('the proven-address page', () => {
  it('is open at every step, since accepting, bank details and documents send the seller there', () => {
    for (const slug of [null, 'under-offer', 'sold-wait', 'sold-confirmed', 'offer-declined']) {
      expect(stepRedirect('KE19FTA', slug, 'confirm-email', null), String(slug)).toBeNull();
    }
  });
});
