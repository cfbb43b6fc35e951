import { describe, expect, it } from 'vitest';
import { nextSellerStep, progressSteps, type PostSaleFacts } from './progress';

const base: PostSaleFacts = {
  sale: {
    acceptedAt: '2026-11-20T10:00:00Z',
    confirmedAt: null,
    documentsReviewedAt: null,
    collection: null,
    collectedAt: null,
    paidAt: null,
  },
  bankDetailsConfirmed: false,
  documentsSubmitted: false,
};
const states = (facts: PostSaleFacts) => progressSteps('KE19FTA', facts).map((s) => `${s.id}:${s.state}`);

describe('the progress timeline', () => {
  it('starts at confirming the sale, with a deadline for the seller', () => {
    expect(states(base)).toEqual([
      'accepted:done',
      'confirmed:current',
      'bank-details:upcoming',
      'documents:upcoming',
      'reviewed:upcoming',
      'collection-booked:upcoming',
      'inspected:upcoming',
      'collected:upcoming',
      'paid:upcoming',
      'dvla:upcoming',
    ]);
    expect(nextSellerStep('KE19FTA', base)).toBe('/KE19FTA/confirm-sale');
  });

  it('asks for bank details, then documents, then waits for the check', () => {
    const confirmed = { ...base, sale: { ...base.sale, confirmedAt: '2026-11-20T10:05:00Z' } };
    expect(nextSellerStep('KE19FTA', confirmed)).toBe('/KE19FTA/add-bank-details');
    const banked = { ...confirmed, bankDetailsConfirmed: true };
    expect(progressSteps('KE19FTA', banked).find((s) => s.state === 'current')?.detail).toMatch(
      /Upload your V5C logbook and driving licence by Saturday 21 November/,
    );
    expect(nextSellerStep('KE19FTA', { ...banked, documentsSubmitted: true })).toBe('/KE19FTA/review-status');
    // The dealer's check asks for the licence again: the step is the seller's again, on the request's page.
    const requested = { ...banked, documentsSubmitted: true, documentsRequested: [{ kind: 'driving-licence', label: 'Driving licence' }] };
    const current = progressSteps('KE19FTA', requested).find((s) => s.state === 'current')!;
    expect(current).toMatchObject({
      id: 'documents',
      href: '/KE19FTA/request/driving-licence',
      action: 'Upload your driving licence again',
    });
    expect(current.detail).toBe('The dealer has asked for your driving licence again: upload a clearer copy and send it.');
    expect(nextSellerStep('KE19FTA', requested)).toBe('/KE19FTA/request/driving-licence');
  });

  it('says when payment arrives once collection is booked, and ends at sale complete', () => {
    const booked: PostSaleFacts = {
      sale: {
        ...base.sale,
        confirmedAt: 'x',
        documentsReviewedAt: '2026-11-21T09:00:00Z',
        collection: { date: '2026-11-25', slot: 'morning', notes: null, address: null },
      },
      bankDetailsConfirmed: true,
      documentsSubmitted: true,
    };
    const paid = progressSteps('KE19FTA', booked).find((s) => s.id === 'paid')!;
    expect(paid.detail).toBe('Within 24 hours of collection: by Thursday 26 November.');
    const done = { ...booked, sale: { ...booked.sale, collectedAt: '2026-11-25T09:30:00Z', paidAt: '2026-11-25T15:00:00Z' } };
    expect(nextSellerStep('KE19FTA', done)).toBe('/KE19FTA/sale-complete');
  });

  it('waits on a revised offer for the seller, then tells of DVLA after payment', () => {
    const inspected: PostSaleFacts = {
      sale: {
        ...base.sale,
        confirmedAt: 'x',
        documentsReviewedAt: '2026-11-21T09:00:00Z',
        collection: { date: '2026-11-25', slot: 'morning', notes: null, address: null },
        inspectedAt: '2026-11-25T08:00:00Z',
      },
      bankDetailsConfirmed: true,
      documentsSubmitted: true,
      revisedOffer: { id: 1, status: 'proposed', agreedAmount: 8150, proposedAmount: 8060 },
    };
    const current = progressSteps('KE19FTA', inspected).find((s) => s.state === 'current')!;
    expect(current).toMatchObject({ id: 'inspected', href: '/KE19FTA/review-status' });
    expect(current.detail).toBe('The dealer proposes £8,060 (agreed £8,150). Nothing changes unless you approve.');
    const paid: PostSaleFacts = {
      ...inspected,
      revisedOffer: { ...inspected.revisedOffer!, status: 'approved' },
      sale: { ...inspected.sale, collectedAt: '2026-11-25T08:00:00Z', paidAt: '2026-11-25T08:00:00Z', finalAmount: 8060 },
    };
    expect(states(paid).slice(-4)).toEqual(['inspected:done', 'collected:done', 'paid:done', 'dvla:current']);
    expect(progressSteps('KE19FTA', paid).find((s) => s.id === 'paid')!.detail).toBe('Paid £8,060 on Wednesday 25 November.');
    expect(nextSellerStep('KE19FTA', paid)).toBe('/KE19FTA/sale-complete');
    const told = { ...paid, sale: { ...paid.sale, dvla: { notifiedAt: '2026-11-25T10:00:00Z', referenceLast4: '4821' } } };
    expect(progressSteps('KE19FTA', told).find((s) => s.id === 'dvla')!.detail).toMatch(
      /^The dealer told DVLA on Wednesday 25 November, with the V5C ending 4821\./,
    );
  });
});
