import { requireCustomer, type Caller } from '../auth';
import type { EnquiryRow } from '../records/enquiries';
import type { PlatformEnv } from '../env';
import { errorResponse } from '../http';

/**
 * The signed-in seller's own enquiry, or the answer to send instead (401 not signed in, 404 not
 * theirs: a seller must not learn that someone else's enquiry exists).
 */
export async function requireOwnEnquiry(
  request: Request,
  env: PlatformEnv,
  enquiryId: number,
  options: { provenAddress?: boolean } = {},
): Promise<{ caller: Extract<Caller, { kind: 'customer' }>; enquiry: EnquiryRow } | Response> {
  const caller = await requireCustomer(request, env, options);
  if (caller instanceof Response) return caller;
  if (!Number.isInteger(enquiryId)) return errorResponse(400, 'bad_request', 'enquiryId is required');
  const enquiry = await env.DB.prepare('SELECT * FROM enquiries WHERE id = ?1 AND owner_key = ?2')
    .bind(enquiryId, `customer:${caller.user.id}`)
    .first<EnquiryRow>();
  if (!enquiry) return errorResponse(404, 'enquiry_not_found', 'No such enquiry in your account');
  return { caller, enquiry };
}

/** Bank details, documents and accepting an offer wait for a proven address (docs/decisions/014). */
export const PROVEN_ADDRESS = { provenAddress: true } as const;
