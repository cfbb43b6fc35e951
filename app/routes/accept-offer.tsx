import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDateTime, PriceRules } from '~/components/sale-bits';
import { formatPounds } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { decideOffer } from '~/lib/sale.server';
import { loadSellerSale } from '~/lib/seller-sale.server';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Accept offer' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { vrm, sale } = await loadSellerSale(request, context, params.vrm);
  if (!sale?.offer || sale.phase !== 'under_offer') throw redirect(`/${vrm}`);
  return { vrm, offer: sale.offer, biddingDealers: sale.biddingDealers };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { vrm, enquiry } = await loadSellerSale(request, context, params.vrm);
  const decision = (await request.formData()).get('intent') === 'accept' ? 'accept' : 'decline';
  await decideOffer(context.gateway, enquiry.id, decision);
  context.analytics.track(decision === 'accept' ? 'offer_accepted' : 'offer_declined');
  throw redirect(decision === 'accept' ? `/${vrm}/confirm-sale-summary` : `/${vrm}`);
}

export default function AcceptOffer() {
  const { vrm, offer, biddingDealers } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="card offer" aria-labelledby="offer-title">
        <h2 id="offer-title">Your highest offer</h2>
        <p className="big" data-testid="offer-amount">
          {formatPounds(offer.amount)}
        </p>
        <p>
          From {offer.dealer.name}, {offer.dealer.town}: the best of {biddingDealers} dealers who bid. Collection is free and you are paid
          within 24 hours of it.
        </p>
        <p>
          <strong>This offer stands until {formatDateTime(offer.expiresAt)}.</strong>
        </p>
        <div className="actions">
          <Form method="post">
            <button className="btn" type="submit" name="intent" value="accept">
              Accept {formatPounds(offer.amount)}
            </button>
          </Form>
          <Form method="post">
            <button className="btn secondary" type="submit" name="intent" value="decline">
              Decline
            </button>
          </Form>
        </div>
        <p className="muted">
          Declining is free: you can put the car in another sale. <Link to={`/${vrm}/purchasing-dealer-details`}>About the dealer</Link>
        </p>
      </section>
      <PriceRules />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
