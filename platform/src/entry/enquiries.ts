import { MAX_MILEAGE } from '../../../contract/vehicles';
import type { endpoints } from '../../../contract/endpoints';
import { affiliateOf } from '../shell/affiliates';
import { campaignColumn } from '../shell/analytics';
import type { CreateEnquiryResponse, PremiumOffer, Valuation } from '../../../contract/vehicles';
import { toEnquiry } from '../records/enquiries';
import { marketplaceEligibility, partnerFor } from '../../../contract/marketplace';
import { isValidVrm, normaliseVrm } from '../../../contract/vrm';
import { ownerKey } from '../auth';
import { intVar } from '../env';
import { findRegistered, toMiles, vehicleId } from '../providers/register';
import type { TypedHandler } from '../router';
import { sleep } from '../util';
import { ageInYears, valuateRegistered } from '../providers/valuation';
import { clockNow } from '../clock';
import { addAccountVehicle, createQuotedEnquiry, findQuotedEnquiryId, findValuedEnquiry, requoteEnquiry, type Quote } from './store';

/** An instant valuation holds for a week; after that the seller confirms the mileage again. */
export const ENQUIRY_VALID_DAYS = 7;

function readMileage(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_MILEAGE ? value : null;
}

const NOT_A_VRM = 'Not a UK registration mark';
const NO_VEHICLE = 'No vehicle found with that registration';

/**
 * POST /platform/create-enquiry?vrm= {mileage}: creates the seller's enquiry (201), or updates the
 * one they have for this vehicle (unless it is already in the dealer sale), with a fresh valuation,
 * marketplace eligibility and partner.
 */
export const createEnquiry: TypedHandler<typeof endpoints.entry.createEnquiry> = async ({ caller, query, body }, ctx) => {
  const { env } = ctx;
  const owner = ownerKey(caller);
  if (!owner) return ctx.outcome({ status: 401, code: 'unauthorised', message: 'A requester id or a signed-in customer is needed' });
  const vrm = normaliseVrm(query.vrm);
  if (!isValidVrm(vrm)) return ctx.outcome({ status: 400, code: 'invalid_vrm', message: NOT_A_VRM });
  const { mileage } = body;
  const campaign = campaignColumn(body.campaign);
  const affiliate = await affiliateOf(env, owner);

  const registered = await findRegistered(env.DB, vrm);
  if (!registered) return ctx.outcome({ status: 404, code: 'vehicle_not_found', message: NO_VEHICLE });

  const now = clockNow();
  const valuation = valuateRegistered(registered.row, mileage, now);
  const eligibility = marketplaceEligibility({
    valuation: valuation.price,
    ageYears: ageInYears(registered.row.first_used_date, now),
    mileage,
  });
  const stamp = now.toISOString();
  const quote: Quote = {
    mileage,
    eligible: eligibility.eligible,
    ineligibleBy: eligibility.ineligibleBy,
    partnerId: partnerFor(eligibility),
    valuation: JSON.stringify(valuation),
    at: stamp,
    expiresAt: new Date(now.getTime() + ENQUIRY_VALID_DAYS * 86_400_000).toISOString(),
    campaign,
    affiliate,
  };

  const existing = await findQuotedEnquiryId(env.DB, owner, vrm);
  if (existing !== null) {
    const row = await requoteEnquiry(env.DB, existing, quote);
    return { enquiry: toEnquiry(row, now), valuation } satisfies CreateEnquiryResponse;
  }
  const vehicle = await vehicleId(env.DB, vrm);
  if (caller.kind === 'customer') await addAccountVehicle(env.DB, caller.user.id, vehicle, stamp);
  const row = await createQuotedEnquiry(
    env.DB,
    { key: owner, customerId: caller.kind === 'customer' ? caller.user.id : null },
    { id: vehicle, vrm },
    quote,
  );
  return ctx.created({ enquiry: toEnquiry(row, now), valuation });
};

/** POST /platform/valuate {vrm, mileage}: the valuation provider (it takes its time). */
export const valuateVehicle: TypedHandler<typeof endpoints.entry.valuate> = async ({ body }, ctx) => {
  const vrm = normaliseVrm(body.vrm);
  if (!isValidVrm(vrm)) return ctx.outcome({ status: 400, code: 'invalid_vrm', message: NOT_A_VRM });
  await sleep(intVar(ctx.env.PROVIDER_LATENCY_MS, 250));
  const registered = await findRegistered(ctx.env.DB, vrm);
  if (!registered) return ctx.outcome({ status: 404, code: 'vehicle_not_found', message: NO_VEHICLE });
  return valuateRegistered(registered.row, body.mileage, clockNow());
};

/** GET /platform/marketplace/check-eligibility/vehicle-status?vrm=&mileage= */
export const checkEligibility: TypedHandler<typeof endpoints.entry.eligibility> = async ({ query }, ctx) => {
  const vrm = normaliseVrm(query.vrm);
  if (!isValidVrm(vrm)) return ctx.outcome({ status: 400, code: 'invalid_vrm', message: NOT_A_VRM });
  const registered = await findRegistered(ctx.env.DB, vrm);
  if (!registered) return ctx.outcome({ status: 404, code: 'vehicle_not_found', message: NO_VEHICLE });
  const now = clockNow();
  const lastReading = registered.tests.filter((t) => t.odometer_value !== null).at(-1);
  // A mileage left out reads as 0 miles (Number(null)); only one that is no number falls back to the last reading.
  const mileage =
    readMileage(Number(query.mileage ?? null)) ?? (lastReading ? toMiles(lastReading.odometer_value!, lastReading.odometer_unit) : 0);
  const valuation = valuateRegistered(registered.row, mileage, now);
  return marketplaceEligibility({ valuation: valuation.price, ageYears: ageInYears(registered.row.first_used_date, now), mileage });
};

/** GET /platform/premium-offer?valuation_ref={enquiryId}&vrm=: the dealer offer estimate. */
export const premiumOffer: TypedHandler<typeof endpoints.entry.premiumOffer> = async ({ caller, query }, ctx) => {
  const enquiryId = Number(query.valuation_ref);
  const vrm = normaliseVrm(query.vrm);
  if (!Number.isInteger(enquiryId) || !isValidVrm(vrm)) {
    return ctx.outcome({ status: 400, code: 'bad_request', message: 'valuation_ref and vrm are required' });
  }
  await sleep(intVar(ctx.env.PROVIDER_LATENCY_MS, 250));
  const row = await findValuedEnquiry(ctx.env.DB, enquiryId, vrm, ownerKey(caller));
  if (!row?.valuation) return ctx.outcome({ status: 404, code: 'enquiry_not_found', message: 'No valued enquiry with that reference' });
  if (row.marketplace_eligible !== 1) {
    return ctx.outcome({ status: 404, code: 'not_eligible', message: 'This vehicle is not eligible for the dealer sale' });
  }
  const valuation = JSON.parse(row.valuation) as Valuation;
  // The valuation's own range: a second model beside it showed sellers two ranges for one car.
  return { enquiryId, vrm, offerLow: valuation.low, offerHigh: valuation.high, validUntil: row.expires_at } satisfies PremiumOffer;
};
