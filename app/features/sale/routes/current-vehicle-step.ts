import { redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { PlatformFailure } from '~/lib/gateway.server';
import { endpoints } from '../../../../contract/endpoints';

/**
 * The top-level /collection, /finance-payment-details and
 * /finance-payment-details-more-funds-requested of docs/behaviour/entry.md#screens-and-routes (links in e-mails and texts that do
 * not name the car): the same step of the seller's current vehicle, the one whose enquiry moved
 * last. Signed out, the seller signs in first and comes back here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const step = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!context.session.get('auth')) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(`/${step}`)}`);
  try {
    const user = await context.gateway.call(endpoints.account.user, { query: { include: 'tracker' } });
    const current = (user.vehicles ?? [])
      .filter((vehicle) => vehicle.enquiry)
      .sort((a, b) => (b.enquiry!.updatedAt ?? '').localeCompare(a.enquiry!.updatedAt ?? ''))[0];
    // No car in a sale: the account lists what there is.
    throw redirect(current ? `/${current.vrm}/${step}` : '/account');
  } catch (error) {
    if (error instanceof PlatformFailure) throw redirect('/account');
    throw error;
  }
}
