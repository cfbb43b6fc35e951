import type { CurrentEnquiry, IssueKind } from '../../../contract/sale';
import { FEATURES, ISSUE_KINDS, SERVICE_HISTORY } from '../../../contract/sale';
import { isValidVrm, normaliseVrm } from '../../../contract/vrm';
import { requireCustomer } from '../auth';
import { toEnquiry, type EnquiryRow } from '../records/enquiries';
import type { PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { advance, loadProfile, startSale } from './daily-sale';
import { requireOwnEnquiry } from './ownership';
import { postSaleStatus } from './post-sale';
import { str } from '../util';
import { clockNow, clockNowIso, clockNowMs } from '../clock';
import { notify } from '../notify/messages';

/**
 * The seller's side of the daily sale: the vehicle profile, entering the sale (or another one),
 * deciding on the offer and confirming it. How the sale itself runs is daily-sale.ts.
 */

async function currentView(env: PlatformEnv, enquiry: EnquiryRow): Promise<CurrentEnquiry> {
  const advanced = await advance(env, enquiry);
  return { enquiry: toEnquiry(advanced.enquiry, clockNow()), profile: await loadProfile(env, enquiry.id), sale: advanced.sale };
}

/** After a change: the enquiry as it now stands, described as the seller sees it. */
async function viewAfterChange(env: PlatformEnv, enquiryId: number): Promise<Response> {
  const fresh = await env.DB.prepare('SELECT * FROM enquiries WHERE id = ?1').bind(enquiryId).first<EnquiryRow>();
  return json(await currentView(env, fresh!));
}

/** GET /platform/premium-v3/enquiries/current?vrm= */
export async function currentEnquiry(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const vrm = normaliseVrm(new URL(request.url).searchParams.get('vrm') ?? '');
  if (!isValidVrm(vrm)) return errorResponse(400, 'invalid_vrm', 'Not a UK registration mark');
  const enquiry = await env.DB.prepare(
    'SELECT * FROM enquiries WHERE owner_key = ?1 AND vrm = ?2 ORDER BY updated_at DESC, id DESC LIMIT 1',
  )
    .bind(`customer:${caller.user.id}`, vrm)
    .first<EnquiryRow>();
  if (!enquiry) return errorResponse(404, 'enquiry_not_found', 'No enquiry for this vehicle in your account');
  // "Current" means current: a confirmed sale whose bank details and documents are in is checked now.
  const { dpStateSlug } = await postSaleStatus(env, enquiry);
  return json(await currentView(env, { ...enquiry, dp_state_slug: dpStateSlug }));
}

/** POST /platform/premium-v3/enquiries/:id/vehicleDetails/update {step, ...}: one profile step. */
export async function updateProfile(
  request: Request,
  env: PlatformEnv,
  _ctx: ExecutionContext,
  params: Record<string, string>,
): Promise<Response> {
  const owned = await requireOwnEnquiry(request, env, Number(params.id));
  if (owned instanceof Response) return owned;
  if (owned.enquiry.dp_state_slug && owned.enquiry.dp_state_slug !== 'profile-in-progress') {
    return errorResponse(409, 'profile_locked', 'The vehicle is already in the sale');
  }
  const body = (await readJsonObject(request)) ?? {};
  let column: 'features' | 'finance' | 'issues' | 'keys';
  let values: unknown[];
  switch (body.step) {
    case 'features': {
      const features = Array.isArray(body.features)
        ? body.features.filter((f): f is string => (FEATURES as readonly unknown[]).includes(f))
        : [];
      if (!(str(body.serviceHistory) in SERVICE_HISTORY)) return errorResponse(400, 'invalid_profile', 'Choose the service history');
      column = 'features';
      values = [JSON.stringify(features), str(body.serviceHistory)];
      break;
    }
    case 'finance': {
      const outstanding = body.outstanding === true;
      const settlement = Number(body.settlement);
      if (outstanding && (!str(body.lender) || !Number.isFinite(settlement) || settlement <= 0)) {
        return errorResponse(400, 'invalid_profile', 'Give the lender and the settlement figure');
      }
      column = 'finance';
      values = [
        JSON.stringify({
          outstanding,
          lender: outstanding ? str(body.lender) : null,
          settlement: outstanding ? Math.round(settlement) : null,
        }),
      ];
      break;
    }
    case 'issues': {
      const items = Array.isArray(body.items)
        ? body.items
            .map((i) => ({
              kind: str((i as { kind?: unknown }).kind) as IssueKind,
              detail: str((i as { detail?: unknown }).detail).slice(0, 500),
            }))
            .filter((i) => i.kind in ISSUE_KINDS)
        : [];
      column = 'issues';
      values = [JSON.stringify({ declared: items.length > 0, items })];
      break;
    }
    case 'keys': {
      const keys = Number(body.keys);
      if (!Number.isInteger(keys) || keys < 1 || keys > 5) return errorResponse(400, 'invalid_profile', 'How many keys are there?');
      column = 'keys';
      values = [keys];
      break;
    }
    default:
      return errorResponse(400, 'invalid_profile', 'Unknown profile step');
  }
  const now = clockNowIso();
  const sets = column === 'features' ? 'features = ?2, service_history = ?3' : `${column} = ?2`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO vehicle_profiles (enquiry_id, updated_at) VALUES (?1, ?${values.length + 2}) ON CONFLICT (enquiry_id) DO NOTHING`,
    ).bind(owned.enquiry.id, ...values, now),
    env.DB.prepare(`UPDATE vehicle_profiles SET ${sets}, updated_at = ?${values.length + 2} WHERE enquiry_id = ?1`).bind(
      owned.enquiry.id,
      ...values,
      now,
    ),
    env.DB.prepare(
      "UPDATE enquiries SET dp_state_slug = 'profile-in-progress', status = 'full_details', updated_at = ?2 WHERE id = ?1 AND dp_state_slug IS NULL",
    ).bind(owned.enquiry.id, now),
  ]);
  return json({ profile: await loadProfile(env, owned.enquiry.id) });
}

/** POST /platform/premium-v3/enquiries/:id/update {action: 'enter-sale' | 'relist'} */
export async function updateEnquiry(
  request: Request,
  env: PlatformEnv,
  _ctx: ExecutionContext,
  params: Record<string, string>,
): Promise<Response> {
  const owned = await requireOwnEnquiry(request, env, Number(params.id));
  if (owned instanceof Response) return owned;
  const action = str((await readJsonObject(request))?.action);
  const { enquiry } = await advance(env, owned.enquiry);
  if (enquiry.marketplace_eligible !== 1) return errorResponse(409, 'not_eligible', 'This vehicle is not eligible for the dealer sale');
  const now = clockNowMs();
  if (action === 'enter-sale') {
    if (enquiry.dp_state_slug && enquiry.dp_state_slug !== 'profile-in-progress')
      return errorResponse(409, 'already_in_sale', 'The vehicle is already in a sale');
    if (!(await loadProfile(env, enquiry.id)).complete) return errorResponse(409, 'profile_incomplete', 'Finish the vehicle profile first');
    await startSale(env, enquiry, now);
  } else if (action === 'relist') {
    const relistable = ['unsold-no-bids', 'unsold-below-reserve-bid', 'offer-declined', 'offer-expired'];
    if (!relistable.includes(enquiry.dp_state_slug ?? ''))
      return errorResponse(409, 'not_relistable', 'Only an unsold car can go into another sale');
    await startSale(env, enquiry, now);
  } else {
    return errorResponse(400, 'bad_request', 'Unknown action');
  }
  return viewAfterChange(env, enquiry.id);
}

async function decide(request: Request, env: PlatformEnv, decision: 'accepted' | 'declined'): Promise<Response> {
  // Accepting hands the car to a dealer: only a seller whose address is proven may do it.
  const owned = await requireOwnEnquiry(request, env, Number((await readJsonObject(request))?.enquiryId), {
    provenAddress: decision === 'accepted',
  });
  if (owned instanceof Response) return owned;
  const { enquiry, sale } = await advance(env, owned.enquiry);
  if (!sale || sale.phase !== 'under_offer') {
    const code = sale?.phase === 'expired' ? 'offer_expired' : 'no_offer';
    return errorResponse(409, code, code === 'offer_expired' ? 'The offer has expired' : 'There is no offer to decide on');
  }
  const now = clockNowIso();
  const [slug, status] = decision === 'accepted' ? ['sold-wait', 'sold'] : ['offer-declined', 'under_offer'];
  await env.DB.batch([
    env.DB.prepare('UPDATE sales SET outcome = ?1, accepted_at = ?2 WHERE id = ?3').bind(
      decision,
      decision === 'accepted' ? now : null,
      sale.id,
    ),
    env.DB.prepare('UPDATE enquiries SET dp_state_slug = ?1, status = ?2, updated_at = ?3 WHERE id = ?4').bind(
      slug,
      status,
      now,
      enquiry.id,
    ),
  ]);
  if (decision === 'accepted') await notify(env, enquiry.id, `offer_accepted#${sale.id}`, { kind: 'offer_accepted' });
  return viewAfterChange(env, enquiry.id);
}

/** POST /platform/premium/bids/accept-offer {enquiryId} */
export function acceptOffer(request: Request, env: PlatformEnv): Promise<Response> {
  return decide(request, env, 'accepted');
}

/** POST /platform/premium/bids/decline-offer {enquiryId} */
export function declineOffer(request: Request, env: PlatformEnv): Promise<Response> {
  return decide(request, env, 'declined');
}

/** POST /platform/premium-v3/enquiries/:id/confirm: the seller confirms the sale they accepted. */
export async function confirmSale(
  request: Request,
  env: PlatformEnv,
  _ctx: ExecutionContext,
  params: Record<string, string>,
): Promise<Response> {
  const owned = await requireOwnEnquiry(request, env, Number(params.id));
  if (owned instanceof Response) return owned;
  if (owned.enquiry.dp_state_slug !== 'sold-wait')
    return errorResponse(409, 'not_awaiting_confirmation', 'There is no accepted offer to confirm');
  const now = clockNowIso();
  await env.DB.batch([
    env.DB.prepare('UPDATE sales SET confirmed_at = ?1 WHERE id = ?2').bind(now, owned.enquiry.dp_enquiry_id),
    env.DB.prepare("UPDATE enquiries SET dp_state_slug = 'sold-confirmed', status = 'sold_confirmed', updated_at = ?1 WHERE id = ?2").bind(
      now,
      owned.enquiry.id,
    ),
  ]);
  return viewAfterChange(env, owned.enquiry.id);
}
