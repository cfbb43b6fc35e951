import type { endpoints } from '../../../contract/endpoints';
import { ownerKey } from '../auth';
import type { PlatformEnv } from '../env';
import type { TypedHandler } from '../router';
import { clockNowIso } from '../clock';
import { findAffiliate, recordAffiliateVisit } from './store';

/** The affiliates with branded pages (docs/behaviour/data.md#entities) and the partner pages under /sell-my-car (docs/behaviour/routes.md#landing-routes). */
export const AFFILIATE_SLUGS = new Set([
  'yesauto',
  'autoexpress',
  'centralvehicle',
  'carsitenetwork',
  'evo',
  'leasingcom',
  'regit',
  'motiv',
  'checkcardetails',
  'quidco',
  'bluelightcard',
  'cardoffers',
  'gocompare',
  'newday',
  'partnerprizedraw',
  'moneysupermarket',
  'podcasts',
  'topcashback',
  'giveasyoulive',
  'easyfundraising',
  'kidstart',
]);

/** POST /platform/api/affiliates {affiliate}: the seller came through this affiliate (the latest wins). */
export const recordAffiliate: TypedHandler<typeof endpoints.shell.affiliate> = async ({ caller, body }, ctx) => {
  const owner = ownerKey(caller);
  if (!owner) return ctx.outcome({ status: 401, code: 'unauthorised', message: 'A requester id or a signed-in customer is needed' });
  if (!AFFILIATE_SLUGS.has(body.affiliate)) return ctx.outcome({ status: 400, code: 'unknown_affiliate', message: 'No such affiliate' });
  await recordAffiliateVisit(ctx.env.DB, owner, body.affiliate, clockNowIso());
  return { affiliate: body.affiliate };
};

/** The affiliate an owner came through, for their next enquiry. */
export async function affiliateOf(env: PlatformEnv, owner: string): Promise<string | null> {
  return findAffiliate(env.DB, owner);
}
