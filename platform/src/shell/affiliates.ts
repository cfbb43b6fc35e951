import { authenticate, invalidToken, ownerKey } from '../auth';
import type { PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { clockNowIso } from '../clock';

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
export async function recordAffiliate(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await authenticate(request, env);
  if (caller === 'invalid') return invalidToken();
  const owner = ownerKey(caller);
  if (!owner) return errorResponse(401, 'unauthorised', 'A requester id or a signed-in customer is needed');
  const affiliate = (await readJsonObject(request))?.affiliate;
  if (typeof affiliate !== 'string' || !AFFILIATE_SLUGS.has(affiliate)) return errorResponse(400, 'unknown_affiliate', 'No such affiliate');
  await env.DB.prepare(
    `INSERT INTO affiliate_visits (owner_key, affiliate, visited_at) VALUES (?1, ?2, ?3)
     ON CONFLICT (owner_key) DO UPDATE SET affiliate = excluded.affiliate, visited_at = excluded.visited_at`,
  )
    .bind(owner, affiliate, clockNowIso())
    .run();
  return json({ affiliate }, 200);
}

/** The affiliate an owner came through, for their next enquiry. */
export async function affiliateOf(env: PlatformEnv, owner: string): Promise<string | null> {
  const row = await env.DB.prepare('SELECT affiliate FROM affiliate_visits WHERE owner_key = ?1')
    .bind(owner)
    .first<{ affiliate: string }>();
  return row?.affiliate ?? null;
}
