import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { formatPounds } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { readSellerSale } from '~/features/sale/seller-sale.server';
import { degraded } from '~/lib/failures.server';
import { OutagePage } from '~/features/shell/outage-notice';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Dealer details' });

/** `/{vrm}/purchasing-dealer-details`: who is buying, and what to expect of them. */
/** This step says where the sale is in its own way (sale-steps.tsx shows the timeline under the others). */
export const handle = { saleProgress: false };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sale = await readSellerSale(request, context, params.vrm);
  // The platform down: the page says so in its frame (docs/decisions/026).
  if (sale.outage) return degraded({ vrm: sale.vrm, offer: null, accepted: false, outage: sale.outage });
  if (!sale.sale?.offer) throw redirect(`/${sale.vrm}`);
  return { vrm: sale.vrm, offer: sale.sale.offer, accepted: !!sale.sale.acceptedAt, outage: null };
}

export default function DealerDetails() {
  const { vrm, offer, accepted, outage } = useLoaderData<typeof loader>();
  if (!offer || outage) return <OutagePage title="The dealer" titleId="dealer-title" message={outage?.message ?? ''} />;
  return (
    <section className="card" aria-labelledby="dealer-title">
      <h2 id="dealer-title">{offer.dealer.name}</h2>
      <p>
        A verified dealer in {offer.dealer.town}, {accepted ? 'buying' : 'offering'} {formatPounds(offer.amount)} for your car.
      </p>
      <ul>
        <li>Their driver collects the car from your address, free, on the day you book.</li>
        <li>They check it against your profile and photos, then pay you within 24 hours.</li>
        <li>They cannot lower the price for wear and tear, or for anything you declared.</li>
      </ul>
      <Link to={accepted ? `/${vrm}/review-status` : `/${vrm}/accept-offer`}>Back</Link>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
