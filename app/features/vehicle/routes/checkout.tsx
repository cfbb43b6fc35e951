import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { BUYERS } from '../../../../contract/marketplace';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { PlatformFailure } from '~/lib/gateway.server';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { endpoints } from '../../../../contract/endpoints';

/**
 * `/checkout/:buyer/:failed?`: the hand-off to a partner buyer for a car our dealers do not buy.
 * The vehicle page posts here; the platform records the choice and names the partner's page; this
 * page says where the seller is going and takes them there (a meta refresh: no script needed).
 */
const PARTNERS = { ctb: BUYERS.ctb, tcbg: BUYERS.tcbg } as const;
type Partner = keyof typeof PARTNERS;
const isPartner = (value: unknown): value is Partner => value === 'ctb' || value === 'tcbg';

// Nothing here is for search engines.
export const handle = routeFlags({ noRobots: true });

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const title = data?.failed ? 'Offer selection failed' : 'Taking you to the buyer';
  const tags = pageMeta(matches, { title });
  return data?.redirectUrl ? [...tags, { httpEquiv: 'refresh', content: `3;url=${data.redirectUrl}` }] : tags;
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const buyer = isPartner(params.buyer) ? params.buyer : null;
  if (params.failed !== undefined && params.failed !== 'failed') throw new Response('Not Found', { status: 404 });
  const target = context.session.get('checkout');
  const handedOff = !!buyer && params.failed === undefined && target?.buyer === buyer;
  const redirectUrl = handedOff ? target!.redirectUrl : null;
  // Opened without a hand-off (an old tab, a shared link): say so, rather than silently leave.
  const failed = !redirectUrl;
  return { buyer, buyerName: buyer ? PARTNERS[buyer].name : null, failed, redirectUrl, vrm: new URL(request.url).searchParams.get('vrm') };
}

export async function action({ params, context }: ActionFunctionArgs) {
  const buyer = params.buyer;
  const lookup = context.session.get('lookup')?.vehicle;
  if (!isPartner(buyer) || !lookup?.enquiry) throw redirect(`/checkout/${encodeURIComponent(buyer ?? 'unknown')}/failed`);
  try {
    const { redirectUrl } = await context.gateway.call(endpoints.sale.checkoutOffer, { body: { enquiryId: lookup.enquiry.id, buyer } });
    context.session.set('checkout', { buyer, redirectUrl });
  } catch (error) {
    if (!(error instanceof PlatformFailure)) throw error;
    console.warn(JSON.stringify({ event: 'checkout.failed', buyer, status: error.status, message: error.message }));
    throw redirect(`/checkout/${buyer}/failed?vrm=${lookup.vrm}`);
  }
  throw redirect(`/checkout/${buyer}`);
}

function BuyerLogo({ name }: { name: string }) {
  return (
    <span className="buyer-logo" role="img" aria-label={name}>
      {name
        .split(' ')
        .filter((w) => w.length > 3)
        .map((w) => w[0]!.toUpperCase())
        .join('')}
    </span>
  );
}

export default function Checkout() {
  const { buyerName, failed, redirectUrl, vrm } = useLoaderData<typeof loader>();
  if (failed) {
    return (
      <section className="panel" role="alert" aria-labelledby="checkout-title">
        <h1 id="checkout-title">Offer selection failed</h1>
        <p>Sorry, we could not pass your car to {buyerName ? `our ${buyerName}` : 'that buyer'}. Our team has been notified.</p>
        <p>Please select a different buyer, or try again in a few minutes.</p>
        <Link className="btn" to={vrm ? `/${vrm}` : '/'}>
          Back to your car
        </Link>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="checkout-title">
      {buyerName ? <BuyerLogo name={buyerName} /> : null}
      <h1 id="checkout-title">Taking you to our {buyerName}…</h1>
      <p>They will confirm their offer and arrange the rest with you.</p>
      <a className="btn" href={redirectUrl!} rel="noopener">
        Continue to our {buyerName}
      </a>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
