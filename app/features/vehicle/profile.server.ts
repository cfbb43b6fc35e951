import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { FEATURES, ISSUE_KINDS, SERVICE_HISTORY, type IssueKind } from '../../../contract/sale';
import { endpoints } from '../../../contract/endpoints';
import { failed, invalid, parseForm, refuse } from '~/lib/forms/form.server';
import { FINANCE_CONSENT_WORDING, type LenderSummary } from '../../../contract/finance-settlement';
import { degraded, readOrOutage } from '~/lib/failures.server';
import { formatDealerNetwork } from '~/lib/dealer-network';
import { requestMarkupForNavigation } from '~/lib/server-markup.server';
import { listPhotos, photoSlotsUnknown, uploadPhoto } from './photos.server';
import { ProfileSchema } from './vehicle-forms.server';
import { TimelineSteps } from './profile-views.server';
import { readSellerSale, sellerSale } from '../sale/seller-sale.server';
import type { GatewayClient } from '~/lib/gateway.server';

/**
 * The server half of the vehicle profile's pages (`/{vrm}/profile/…`, docs/behaviour/routes.md#vehicle-routes):
 * one route module per step, so that a page's scripts carry only its own step (docs/performance.md),
 * and one loader and one action here that every step shares.
 */

/**
 * The seller's sale for a step's page, as the sale's layout reads it (once per request): a visitor
 * is sent to sign in and a car that is not theirs to its page, and an outage is the step's to show
 * (docs/decisions/026), not an error. The redirects come before a step's 404, as they did when the
 * sale's layout held the profile.
 */
async function readStep({ request, params, context }: LoaderFunctionArgs) {
  const sale = await readSellerSale(request, context, params.vrm);
  // The router matches a step's address whatever its case; the profile's steps, once one splat
  // route, answer only as written (`/{vrm}/profile/FEATURES` is no step), as that route did.
  const step = decoded(new URL(request.url).pathname.split('/').slice(3).join('/'));
  if (step !== step.toLowerCase()) throw new Response('Not Found', { status: 404 });
  return sale;
}

/** A path as the router reads it: decoded, or as it is when it cannot be. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * What each step's questions offer, from the contract: sent with the page's data, so that the
 * lists and their words are not in the pages' scripts.
 */
const CHOICES = {
  features: { features: FEATURES, serviceHistory: SERVICE_HISTORY },
  finance: null,
  issues: { kinds: ISSUE_KINDS },
  'issue-details': { kinds: ISSUE_KINDS },
  keys: null,
} as const;

/** A step that is one form: the saved profile (none while the platform is down) and its choices. */
export async function profileStepLoader<Step extends keyof typeof CHOICES>(args: LoaderFunctionArgs, step: Step) {
  const sale = await readStep(args);
  const choices = CHOICES[step];
  if (sale.outage) return degraded({ vrm: sale.vrm, profile: null, choices, outage: sale.outage });
  return { vrm: sale.vrm, profile: sale.profile, choices, outage: null };
}

/** The lender choice that keeps the seller's own typed lender and figure. */
export const NOT_LISTED = 'not-listed';

/**
 * The finance step (`/{vrm}/profile/finance`): the step's page, the consent's words, and the lenders
 * found by its search form (a plain GET, `?lender-search=`, that works without scripts, like the
 * collection page's postcode search). With no search, the lender the profile names is offered.
 */
export async function profileFinanceLoader(args: LoaderFunctionArgs) {
  const sale = await readStep(args);
  const search = (new URL(args.request.url).searchParams.get('lender-search') ?? '').trim().slice(0, 60);
  const base = { vrm: sale.vrm, choices: null, consentWording: FINANCE_CONSENT_WORDING, search, searched: search !== '' };
  if (sale.outage) return degraded({ ...base, profile: null, lenders: [] as LenderSummary[], outage: sale.outage });
  const { profile } = sale;
  const finance = profile.finance;
  const saved: LenderSummary[] = finance?.lenderId && finance.lender ? [{ id: finance.lenderId, name: finance.lender }] : [];
  if (!search) return { ...base, profile, lenders: saved, outage: null };
  const found = await readOrOutage(
    () => args.context.gateway.call(endpoints.sale.financeProviders, { query: { search } }),
    args.context.config.brandName,
  );
  if (found.outage) return degraded({ ...base, profile, lenders: saved, outage: found.outage });
  return { ...base, profile, lenders: found.value.lenders, outage: null };
}

/**
 * The timeline (`/{vrm}/profile`, `/{vrm}/profile/timeline`): the steps' state, and whether the car
 * may enter the next sale. Any other address under the profile is no step: the 404 page.
 */
export async function profileTimelineLoader(args: LoaderFunctionArgs) {
  const sale = await readStep(args);
  const step = (args.params['*'] ?? '').replace(/\/$/, '');
  if (step !== '' && step !== 'timeline') throw new Response('Not Found', { status: 404 });
  const dealerNetwork = formatDealerNetwork(args.context.config.dealerNetworkSize);
  if (sale.outage) return degraded({ vrm: sale.vrm, profile: null, eligible: false, dealerNetwork, markup: null, outage: sale.outage });
  const { vrm, profile } = sale;
  const markup = requestMarkupForNavigation(args.context, { steps: TimelineSteps }, { vrm, profile });
  return {
    vrm,
    profile,
    eligible: sale.enquiry.marketplaceEligible?.eligible ?? false,
    dealerNetwork,
    markup: markup?.steps ?? null,
    outage: null,
  };
}

/** The photos: each slot and whether it is filled, or during an outage every slot offered as empty. */
export async function profilePhotosLoader(args: LoaderFunctionArgs) {
  const { context } = args;
  const sale = await readStep(args);
  if (sale.outage) return degraded({ vrm: sale.vrm, photos: photoSlotsUnknown(), outage: sale.outage });
  const photos = await readOrOutage(() => listPhotos(context.gateway, sale.enquiry.id), context.config.brandName);
  if (photos.outage) return degraded({ vrm: sale.vrm, photos: photoSlotsUnknown(), outage: photos.outage });
  return { vrm: sale.vrm, photos: photos.value, outage: null };
}

/**
 * Every step's form, whichever step's address it is sent to: the intent says what to save. A saved
 * step goes back to the timeline; declared damage on to its details; a photo back to the photos.
 */
export async function profileAction({ request, params, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), ProfileSchema);
  if (submission.status !== 'success') return invalid(submission);
  const { gateway } = context;
  const step = submission.value;
  let base: string;
  try {
    const sale = await sellerSale(request, context, params.vrm);
    const id = sale.enquiry.id;
    base = `/${sale.vrm}/profile`;
    switch (step.intent) {
      case 'features':
        await saveProfileStep(gateway, id, 'features', { features: step.features, serviceHistory: step.serviceHistory });
        break;
      case 'finance': {
        const outstanding = step.outstanding === 'yes';
        const listed = outstanding && step.lenderId && step.lenderId !== NOT_LISTED ? step.lenderId : null;
        if (!listed) {
          // No finance, or a lender not in the list: the seller's own figure, not asked of the lender.
          await saveProfileStep(gateway, id, 'finance', { outstanding, lender: step.lender, settlement: step.settlement, lenderId: null });
          break;
        }
        if (step.consent !== 'yes') {
          return refuse(submission, { consent: 'Tick the box so we can ask your lender for your settlement figure' });
        }
        // The consent (word for word as shown), the profile naming the lender, then the figure asked for.
        await gateway.call(endpoints.sale.financeConsent, {
          body: { enquiryId: id, lenderId: listed, wording: step.consentWording || FINANCE_CONSENT_WORDING },
        });
        await saveProfileStep(gateway, id, 'finance', { outstanding, lenderId: listed });
        await gateway.call(endpoints.sale.financeSettlement, { params: { lender: listed }, body: { enquiryId: id } });
        context.analytics.track('finance_settlement_requested', { lender: listed });
        break;
      }
      case 'issues': {
        const kinds = step.kinds.filter((k): k is IssueKind => k in ISSUE_KINDS);
        const declared = step.declared === 'yes';
        await saveProfileStep(gateway, id, 'issues', { items: declared ? kinds.map((kind) => ({ kind, detail: '' })) : [] });
        if (declared && kinds.length) throw redirect(`${base}/issues/details`);
        break;
      }
      case 'issue-details': {
        const items = (sale.profile.issues?.items ?? []).map((item) => ({ kind: item.kind, detail: step[`detail-${item.kind}`] ?? '' }));
        await saveProfileStep(gateway, id, 'issues', { items });
        break;
      }
      case 'keys':
        await saveProfileStep(gateway, id, 'keys', { keys: step.keys });
        break;
      case 'photo': {
        await uploadPhoto(gateway, id, step.slot, step.file);
        context.analytics.track('photo_uploaded', { slot: step.slot });
        throw redirect(`${base}/photos`);
      }
      case 'enter-sale':
        await gateway.call(endpoints.sale.update, { params: { id }, body: { action: 'enter-sale' } });
        context.analytics.track('sale_entered');
        throw redirect(`/${sale.vrm}`);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    // A photo's failure (the file refused, or the platform down) sits by its slot.
    return failed(submission, error, context, `profile.${step.intent}_failed`, { field: step.intent === 'photo' ? 'file' : undefined });
  }
  context.analytics.track('profile_step_saved', { step: step.intent });
  throw redirect(`${base}/timeline`);
}

function saveProfileStep(gateway: GatewayClient, enquiryId: number, step: string, data: Record<string, unknown>) {
  return gateway.call(endpoints.sale.updateProfile, { params: { id: enquiryId }, body: { step, ...data } });
}
