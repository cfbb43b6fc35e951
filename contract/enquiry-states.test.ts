import { describe, expect, it } from 'vitest';
import { DEAD_OR_JUNK, enquiryStateRedirect, STATUS_GROUPS } from './enquiry-states';

const at = (dpStateSlug: string | null, dpEnquiryId: number | null = 4012) => ({ dpStateSlug, dpEnquiryId });

describe('enquiry-state redirects', () => {
  it.each([
    ['under-offer', '/KE19FTA/accept-offer'],
    ['sold-wait', '/KE19FTA/confirm-sale?valuation_ref=4012'],
    ['sold-confirmed', '/KE19FTA/confirm-sale?valuation_ref=4012'],
    ['sold-documents-reviewed', '/KE19FTA/review-status'],
    ['profile-in-progress', '/KE19FTA/profile/timeline'],
    ['qa-on-hold', '/KE19FTA/profile/timeline'],
    ['sale-active', '/KE19FTA'],
    ['unsold-no-bids', '/KE19FTA'],
    ['offer-declined', '/KE19FTA'],
    ['offer-expired', '/KE19FTA'],
    ['customer-keep-car', '/KE19FTA'],
    ['dealer-withdrew', '/KE19FTA'],
  ])('sends %s to %s', (slug, path) => {
    expect(enquiryStateRedirect('KE19FTA', at(slug))).toBe(path);
  });

  it('lets an enquiry that is not selling go on with the valuation', () => {
    expect(enquiryStateRedirect('KE19FTA', at(null))).toBeNull();
    expect(enquiryStateRedirect('KE19FTA', at('something-else'))).toBeNull();
    expect(enquiryStateRedirect('KE19FTA', null)).toBeNull();
  });
});

describe('status groups', () => {
  it('places statuses in the spec groups', () => {
    expect(STATUS_GROUPS.quoteStage).toContain('quoted');
    expect(STATUS_GROUPS.soldStages).toContain('sold_documents_reviewed');
    expect(STATUS_GROUPS.soldStages).not.toContain('sold');
    expect(DEAD_OR_JUNK).toContain('wrong_number');
    expect(DEAD_OR_JUNK).toContain('write_off');
  });
});
