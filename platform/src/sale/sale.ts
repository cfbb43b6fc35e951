import type { endpoints } from '../../../contract/endpoints';
import { RELISTABLE_STATES } from '../../../contract/enquiry-states';
import type { CurrentEnquiry } from '../../../contract/sale';
import { isValidVrm, normaliseVrm } from '../../../contract/vrm';
import { findEnquiryById, findOwnLatestEnquiry, moveEnquiry, startEnquiryProfile, toEnquiry, type EnquiryRow } from '../records/enquiries';
import type { PlatformEnv } from '../env';
import type { TypedHandler } from '../router';
import { clockNow, clockNowIso, clockNowMs } from '../clock';
import { outgoing } from '../notify/messages';
import { advance, startSale } from './daily-sale';
import { loadProfile } from './profile';
import { lenderById } from '../providers/lenders';
import { postSaleStatus } from './post-sale';
import { confirmLot, decideOffer, saveProfileAnswer, type ProfileAnswer } from './sale-store';

/**
 * The seller's side of the daily sale: the vehicle profile, entering the sale (or another one),
 * deciding on the offer and confirming it. How the sale itself runs is daily-sale.ts.
 */

async function currentView(env: PlatformEnv, enquiry: EnquiryRow): Promise<CurrentEnquiry> {
  const advanced = await advance(env, enquiry);
  return { enquiry: toEnquiry(advanced.enquiry, clockNow()), profile: await loadProfile(env, enquiry.id), sale: advanced.sale };
}

/** After a change: the enquiry as it now stands, described as the seller sees it. */
async function viewAfterChange(env: PlatformEnv, enquiryId: number): Promise<CurrentEnquiry> {
  return currentView(env, (await findEnquiryById(env.DB, enquiryId))!);
}

/** GET /platform/premium-v3/enquiries/current?vrm= */
export const currentEnquiry: TypedHandler<typeof endpoints.sale.current> = async ({ query, customer }, ctx) => {
  const vrm = normaliseVrm(query.vrm);
  if (!isValidVrm(vrm)) return ctx.outcome({ status: 400, code: 'invalid_vrm', message: 'Not a UK registration mark' });
  const enquiry = await findOwnLatestEnquiry(ctx.env.DB, customer.user.id, vrm);
  if (!enquiry) return ctx.outcome({ status: 404, code: 'enquiry_not_found', message: 'No enquiry for this vehicle in your account' });
  // "Current" means current: a confirmed sale whose bank details and documents are in is checked now.
  const { dpStateSlug } = await postSaleStatus(ctx.env, enquiry);
  return currentView(ctx.env, { ...enquiry, dp_state_slug: dpStateSlug });
};

/** POST /platform/premium-v3/enquiries/:id/vehicleDetails/update {step, ...}: one profile step (its schema: contract/endpoints.ts). */
export const updateProfile: TypedHandler<typeof endpoints.sale.updateProfile> = async ({ body, enquiry }, ctx) => {
  if (enquiry.dp_state_slug && enquiry.dp_state_slug !== 'profile-in-progress') {
    return ctx.outcome({ status: 409, code: 'profile_locked', message: 'The vehicle is already in the sale' });
  }
  let answer: ProfileAnswer;
  switch (body.step) {
    case 'features':
      answer = { column: 'features', features: JSON.stringify(body.features), serviceHistory: body.serviceHistory };
      break;
    case 'finance': {
      const { outstanding } = body;
      // A listed lender is asked for the figure (sale/finance-settlement.ts): the profile names it and keeps no typed figure.
      const listed = outstanding && body.lenderId ? lenderById(body.lenderId) : null;
      if (outstanding && body.lenderId && !listed) {
        return ctx.outcome({ status: 400, code: 'unknown_lender', message: 'Choose your lender from the list, or say it is not listed' });
      }
      const finance = listed
        ? { outstanding, lender: listed.name, settlement: null, lenderId: listed.id }
        : {
            outstanding,
            lender: outstanding ? body.lender : null,
            settlement: outstanding ? Math.round(body.settlement) : null,
            lenderId: null,
          };
      answer = { column: 'finance', value: JSON.stringify(finance) };
      break;
    }
    case 'issues':
      answer = { column: 'issues', value: JSON.stringify({ declared: body.items.length > 0, items: body.items }) };
      break;
    case 'keys':
      answer = { column: 'keys', value: body.keys };
      break;
  }
  const now = clockNowIso();
  await ctx.env.DB.batch([...saveProfileAnswer(ctx.env.DB, enquiry.id, answer, now), startEnquiryProfile(ctx.env.DB, enquiry.id, now)]);
  return { profile: await loadProfile(ctx.env, enquiry.id) };
};

/** POST /platform/premium-v3/enquiries/:id/update {action: 'enter-sale' | 'relist'} */
export const updateEnquiry: TypedHandler<typeof endpoints.sale.update> = async ({ body, enquiry: owned }, ctx) => {
  const { env } = ctx;
  const { enquiry } = await advance(env, owned);
  if (enquiry.marketplace_eligible !== 1) {
    return ctx.outcome({ status: 409, code: 'not_eligible', message: 'This vehicle is not eligible for the dealer sale' });
  }
  const now = clockNowMs();
  if (body.action === 'enter-sale') {
    if (enquiry.dp_state_slug && enquiry.dp_state_slug !== 'profile-in-progress') {
      return ctx.outcome({ status: 409, code: 'already_in_sale', message: 'The vehicle is already in a sale' });
    }
    if (!(await loadProfile(env, enquiry.id)).complete) {
      return ctx.outcome({ status: 409, code: 'profile_incomplete', message: 'Finish the vehicle profile first' });
    }
  } else if (!(RELISTABLE_STATES as readonly string[]).includes(enquiry.dp_state_slug ?? '')) {
    return ctx.outcome({ status: 409, code: 'not_relistable', message: 'Only an unsold car can go into another sale' });
  }
  await startSale(env, enquiry, now);
  return viewAfterChange(env, enquiry.id);
};

/** The seller's decision on the offer: the sale, the enquiry and (for an acceptance) the seller's message in one batch. */
async function decide(env: PlatformEnv, owned: EnquiryRow, decision: 'accepted' | 'declined') {
  const { enquiry, sale } = await advance(env, owned);
  if (!sale || sale.phase !== 'under_offer') {
    return sale?.phase === 'expired'
      ? ({ status: 409, code: 'offer_expired', message: 'The offer has expired' } as const)
      : ({ status: 409, code: 'no_offer', message: 'There is no offer to decide on' } as const);
  }
  const now = clockNowIso();
  const state = decision === 'accepted' ? { slug: 'sold-wait', status: 'sold' } : { slug: 'offer-declined', status: 'under_offer' };
  const message = decision === 'accepted' ? outgoing(env, enquiry.id, `offer_accepted#${sale.id}`, { kind: 'offer_accepted' }) : null;
  await env.DB.batch([
    decideOffer(env.DB, sale.id, decision, now),
    moveEnquiry(env.DB, enquiry.id, state, now),
    ...(message ? [message.statement] : []),
  ]);
  await message?.send();
  return viewAfterChange(env, enquiry.id);
}

/** POST /platform/premium/bids/accept-offer {enquiryId} */
export const acceptOffer: TypedHandler<typeof endpoints.sale.acceptOffer> = async ({ enquiry }, ctx) => {
  const decided = await decide(ctx.env, enquiry, 'accepted');
  return 'code' in decided ? ctx.outcome(decided) : decided;
};

/** POST /platform/premium/bids/decline-offer {enquiryId} */
export const declineOffer: TypedHandler<typeof endpoints.sale.declineOffer> = async ({ enquiry }, ctx) => {
  const decided = await decide(ctx.env, enquiry, 'declined');
  return 'code' in decided ? ctx.outcome(decided) : decided;
};

/** POST /platform/premium-v3/enquiries/:id/confirm: the seller confirms the sale they accepted. */
export const confirmSale: TypedHandler<typeof endpoints.sale.confirm> = async ({ enquiry }, ctx) => {
  if (enquiry.dp_state_slug !== 'sold-wait') {
    return ctx.outcome({ status: 409, code: 'not_awaiting_confirmation', message: 'There is no accepted offer to confirm' });
  }
  const now = clockNowIso();
  await ctx.env.DB.batch([
    confirmLot(ctx.env.DB, enquiry.dp_enquiry_id, now),
    moveEnquiry(ctx.env.DB, enquiry.id, { slug: 'sold-confirmed', status: 'sold_confirmed' }, now),
  ]);
  return viewAfterChange(ctx.env, enquiry.id);
};
