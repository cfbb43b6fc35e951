import { MAX_MILEAGE } from '../../../contract/vehicles';
import { affiliateOf } from '../shell/affiliates';
import { campaignColumn } from '../shell/analytics';
import type { CreateEnquiryResponse, PremiumOffer, Valuation } from '../../../contract/vehicles';
import { toEnquiry, type EnquiryRow } from '../records/enquiries';
import { marketplaceEligibility, partnerFor } from '../../../contract/marketplace';
import { isValidVrm, normaliseVrm } from '../../../contract/vrm';
import { authenticate, invalidToken, ownerKey } from '../auth';
import { intVar, type PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { findRegistered, toMiles, vehicleId } from '../providers/register';
import { sleep } from '../util';
import { ageInYears, valuateRegistered } from '../providers/valuation';
import { clockNow } from '../clock';

/** An instant valuation holds for a week; after that the seller confirms the mileage again. */
export const ENQUIRY_VALID_DAYS = 7;

function readMileage(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_MILEAGE ? value : null;
}

/**
 * POST /platform/create-enquiry?vrm= {mileage}: creates the seller's enquiry, or updates the one
 * they have for this vehicle (unless it is already in the dealer sale), with a fresh valuation,
 * marketplace eligibility and partner.
 */
export async function createEnquiry(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await authenticate(request, env);
  if (caller === 'invalid') return invalidToken();
  const owner = ownerKey(caller);
  if (!owner) return errorResponse(401, 'unauthorised', 'A requester id or a signed-in customer is needed');
  const vrm = normaliseVrm(new URL(request.url).searchParams.get('vrm') ?? '');
  if (!isValidVrm(vrm)) return errorResponse(400, 'invalid_vrm', 'Not a UK registration mark');
  const body = await readJsonObject(request);
  const mileage = readMileage(body?.mileage);
  const campaign = campaignColumn(body?.campaign);
  const affiliate = await affiliateOf(env, owner);
  if (mileage === null) return errorResponse(400, 'invalid_mileage', 'mileage must be a whole number of miles');

  const registered = await findRegistered(env.DB, vrm);
  if (!registered) return errorResponse(404, 'vehicle_not_found', 'No vehicle found with that registration');

  const now = clockNow();
  const valuation = valuateRegistered(registered.row, mileage, now);
  const eligibility = marketplaceEligibility({
    valuation: valuation.price,
    ageYears: ageInYears(registered.row.first_used_date, now),
    mileage,
  });
  const partnerId = partnerFor(eligibility);
  const stamp = now.toISOString();
  const expiresAt = new Date(now.getTime() + ENQUIRY_VALID_DAYS * 86_400_000).toISOString();

  const existing = await env.DB.prepare(
    'SELECT id FROM enquiries WHERE owner_key = ?1 AND vrm = ?2 AND dp_state_slug IS NULL ORDER BY id DESC LIMIT 1',
  )
    .bind(owner, vrm)
    .first<{ id: number }>();
  const values = [mileage, eligibility.eligible ? 1 : 0, eligibility.ineligibleBy, partnerId, JSON.stringify(valuation), stamp, expiresAt];
  let row: EnquiryRow | null;
  if (existing) {
    row = await env.DB.prepare(
      `UPDATE enquiries SET mileage = ?1, marketplace_eligible = ?2, ineligible_by = ?3, partner_id = ?4, valuation = ?5,
         status = 'quoted', updated_at = ?6, expires_at = ?7, campaign = coalesce(?9, campaign), affiliate = coalesce(?10, affiliate) WHERE id = ?8 RETURNING *`,
    )
      .bind(...values, existing.id, campaign, affiliate)
      .first<EnquiryRow>();
  } else {
    const vehicle = await vehicleId(env.DB, vrm);
    if (caller.kind === 'customer') {
      await env.DB.prepare('INSERT OR IGNORE INTO customer_vehicles (customer_id, vehicle_id, added_at) VALUES (?1, ?2, ?3)')
        .bind(caller.user.id, vehicle, stamp)
        .run();
    }
    row = await env.DB.prepare(
      `INSERT INTO enquiries (vehicle_id, vrm, owner_key, customer_id, mileage, marketplace_eligible, ineligible_by, partner_id, valuation,
         status, created_at, updated_at, expires_at, campaign, affiliate)
       VALUES (?8, ?9, ?10, ?11, ?1, ?2, ?3, ?4, ?5, 'quoted', ?6, ?6, ?7, ?12, ?13) RETURNING *`,
    )
      .bind(...values, vehicle, vrm, owner, caller.kind === 'customer' ? caller.user.id : null, campaign, affiliate)
      .first<EnquiryRow>();
  }
  const answer: CreateEnquiryResponse = { enquiry: toEnquiry(row!, now), valuation };
  return json(answer, existing ? 200 : 201);
}

/** POST /platform/valuate {vrm, mileage}: the valuation provider (it takes its time). */
export async function valuateVehicle(request: Request, env: PlatformEnv): Promise<Response> {
  const body = await readJsonObject(request);
  const vrm = normaliseVrm(typeof body?.vrm === 'string' ? body.vrm : '');
  if (!isValidVrm(vrm)) return errorResponse(400, 'invalid_vrm', 'Not a UK registration mark');
  const mileage = readMileage(body?.mileage);
  if (mileage === null) return errorResponse(400, 'invalid_mileage', 'mileage must be a whole number of miles');
  await sleep(intVar(env.PROVIDER_LATENCY_MS, 250));
  const registered = await findRegistered(env.DB, vrm);
  if (!registered) return errorResponse(404, 'vehicle_not_found', 'No vehicle found with that registration');
  return json(valuateRegistered(registered.row, mileage, clockNow()));
}

/** GET /platform/marketplace/check-eligibility/vehicle-status?vrm=&mileage= */
export async function checkEligibility(request: Request, env: PlatformEnv): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const vrm = normaliseVrm(params.get('vrm') ?? '');
  if (!isValidVrm(vrm)) return errorResponse(400, 'invalid_vrm', 'Not a UK registration mark');
  const registered = await findRegistered(env.DB, vrm);
  if (!registered) return errorResponse(404, 'vehicle_not_found', 'No vehicle found with that registration');
  const now = clockNow();
  const lastReading = registered.tests.filter((t) => t.odometer_value !== null).at(-1);
  const mileage =
    readMileage(Number(params.get('mileage'))) ?? (lastReading ? toMiles(lastReading.odometer_value!, lastReading.odometer_unit) : 0);
  const valuation = valuateRegistered(registered.row, mileage, now);
  return json(marketplaceEligibility({ valuation: valuation.price, ageYears: ageInYears(registered.row.first_used_date, now), mileage }));
}

/** GET /platform/premium-offer?valuation_ref={enquiryId}&vrm=: the dealer offer estimate. */
export async function premiumOffer(request: Request, env: PlatformEnv): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const enquiryId = Number(params.get('valuation_ref'));
  const vrm = normaliseVrm(params.get('vrm') ?? '');
  if (!Number.isInteger(enquiryId) || !isValidVrm(vrm)) return errorResponse(400, 'bad_request', 'valuation_ref and vrm are required');
  const caller = await authenticate(request, env);
  if (caller === 'invalid') return invalidToken();
  await sleep(intVar(env.PROVIDER_LATENCY_MS, 250));
  const row = await env.DB.prepare('SELECT * FROM enquiries WHERE id = ?1 AND vrm = ?2 AND (owner_key = ?3 OR owner_key = ?4)')
    .bind(enquiryId, vrm, ownerKey(caller) ?? '', 'sandbox')
    .first<EnquiryRow>();
  if (!row?.valuation) return errorResponse(404, 'enquiry_not_found', 'No valued enquiry with that reference');
  if (row.marketplace_eligible !== 1) return errorResponse(404, 'not_eligible', 'This vehicle is not eligible for the dealer sale');
  const valuation = JSON.parse(row.valuation) as Valuation;
  // The valuation's own range: a second model beside it showed sellers two ranges for one car.
  const body: PremiumOffer = { enquiryId, vrm, offerLow: valuation.low, offerHigh: valuation.high, validUntil: row.expires_at };
  return json(body);
}
