import { redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { mobileToConfirm, signInFirst, type SessionAuth } from '../../lib/auth.server';
import { readOrOutage } from '../../lib/failures.server';
import { endpoints } from '../../../contract/endpoints';
import type { User } from '../../../contract/accounts';

/** Pages that need a signed-in seller send others to sign in, and back here afterwards. */
export function requireUser(request: Request, context: AppLoadContext): SessionAuth {
  const auth = context.session.get('auth');
  if (auth) return auth;
  const url = new URL(request.url);
  throw signInFirst(url.pathname + url.search);
}

/**
 * The signed-in seller's account from the gateway (a session the gateway no longer accepts is
 * answered by the gateway client: the seller signs in again). The account's pages stand without
 * the platform (docs/decisions/026): during an outage this is the outage instead, and the page
 * shows the form as the seller sent it.
 */
export async function readAccount(request: Request, context: AppLoadContext) {
  requireUser(request, context);
  const read = await readOrOutage(
    () => context.gateway.call(endpoints.account.user, { query: { include: 'tracker' } }),
    context.config.brandName,
  );
  return read.outage ? { user: null, outage: read.outage } : { user: read.value, outage: null };
}

/**
 * Accepting an offer, bank details and documents need a proven address (docs/decisions/014):
 * until the seller has opened the link we e-mailed, these pages send them to the page that says
 * so, and back here once they have. The platform refuses the same calls on its own as well.
 */
export function requireProvenAddress(request: Request, context: AppLoadContext, vrm: string): SessionAuth {
  const auth = requireUser(request, context);
  if (auth.emailVerified) return auth;
  const url = new URL(request.url);
  throw redirect(`/${vrm}/confirm-email?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * Where a seller goes once signed in by a link: first to confirm their details if the platform
 * cleared what was typed at sign-up (the address was proven from another browser), then to enter
 * the code texted to a mobile that waits for one, then on to `next` (docs/decisions/031).
 */
export function afterSignIn(user: Pick<User, 'detailsToConfirm' | 'phone' | 'phoneVerified' | 'phonePending'>, next: string): string {
  const onward = encodeURIComponent(next);
  if (user.detailsToConfirm) return `/account/details?confirm&next=${onward}`;
  if (mobileToConfirm(user)) return `/account/mobile?next=${onward}`;
  return next;
}
