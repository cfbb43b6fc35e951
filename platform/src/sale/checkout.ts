import { BUYERS, type PartnerId } from '../../../contract/marketplace';
import { authenticate, invalidToken, ownerKey } from '../auth';
import type { EnquiryRow } from '../records/enquiries';
import type { PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { clockNowIso } from '../clock';

/**
 * POST /platform/checkout-offer {enquiryId, buyer}: hands a car our dealers do not buy to a partner
 * buyer (docs/behaviour/shell.md#other-views checkout view). The partner's own site takes over from the URL returned.
 */
const PARTNER_SITES: Record<Exclude<PartnerId, 'kerbside'>, string> = {
  ctb: 'https://scrap.partners.kerbside.co.uk/quote',
  tcbg: 'https://buyers.partners.kerbside.co.uk/callback',
};

export async function checkoutOffer(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await authenticate(request, env);
  if (caller === 'invalid') return invalidToken();
  const body = (await readJsonObject(request)) ?? {};
  const buyer = body.buyer;
  if (buyer !== 'ctb' && buyer !== 'tcbg') return errorResponse(400, 'unknown_buyer', 'No such buyer');
  const enquiry = await env.DB.prepare('SELECT * FROM enquiries WHERE id = ?1 AND owner_key = ?2')
    .bind(Number(body.enquiryId), ownerKey(caller) ?? '')
    .first<EnquiryRow>();
  if (!enquiry) return errorResponse(404, 'enquiry_not_found', 'No such enquiry');
  // A buyer only takes the cars the partner rule gives them (contract/marketplace.ts).
  if (enquiry.partner_id !== buyer) return errorResponse(409, 'buyer_not_offered', `${BUYERS[buyer].name} is not the buyer for this car`);
  await env.DB.prepare("UPDATE enquiries SET status = 'quote_accepted', updated_at = ?1 WHERE id = ?2")
    .bind(clockNowIso(), enquiry.id)
    .run();
  const url = new URL(PARTNER_SITES[buyer]);
  url.searchParams.set('ref', `KS-${enquiry.id}`);
  url.searchParams.set('vrm', enquiry.vrm);
  return json({ buyer, buyerId: BUYERS[buyer].id, redirectUrl: url.toString() });
}
