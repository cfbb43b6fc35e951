import { BUYERS } from '../../../contract/marketplace';
import type { endpoints } from '../../../contract/endpoints';
import { ownerKey } from '../auth';
import { findEnquiryOfOwner, setEnquiryStatus } from '../records/enquiries';
import type { TypedHandler } from '../router';
import { clockNowIso } from '../clock';

/**
 * POST /platform/checkout-offer {enquiryId, buyer}: hands a car our dealers do not buy to a partner
 * buyer (docs/behaviour/shell.md#other-views checkout view). The partner's own site takes over from the URL returned.
 */
const PARTNER_SITES = {
  ctb: 'https://scrap.partners.kerbside.co.uk/quote',
  tcbg: 'https://buyers.partners.kerbside.co.uk/callback',
} as const;

export const checkoutOffer: TypedHandler<typeof endpoints.sale.checkoutOffer> = async ({ body, caller }, ctx) => {
  const { buyer } = body;
  if (buyer !== 'ctb' && buyer !== 'tcbg') return ctx.outcome({ status: 400, code: 'unknown_buyer', message: 'No such buyer' });
  const owner = ownerKey(caller);
  const enquiry = owner ? await findEnquiryOfOwner(ctx.env.DB, owner, body.enquiryId) : null;
  if (!enquiry) return ctx.outcome({ status: 404, code: 'enquiry_not_found', message: 'No such enquiry' });
  // A buyer only takes the cars the partner rule gives them (contract/marketplace.ts).
  if (enquiry.partner_id !== buyer) {
    return ctx.outcome({ status: 409, code: 'buyer_not_offered', message: `${BUYERS[buyer].name} is not the buyer for this car` });
  }
  await setEnquiryStatus(ctx.env.DB, enquiry.id, 'quote_accepted', clockNowIso()).run();
  const url = new URL(PARTNER_SITES[buyer]);
  url.searchParams.set('ref', `KS-${enquiry.id}`);
  url.searchParams.set('vrm', enquiry.vrm);
  return { buyer, buyerId: BUYERS[buyer].id, redirectUrl: url.toString() };
};
