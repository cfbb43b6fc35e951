import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormErrors } from '~/lib/forms/form-parts';
import { failed, parseForm } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { PriceRules } from '~/features/sale/price-rules';
import { formatMiles, formatPounds } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { ConfirmSchema } from '~/features/sale/sale-forms.server';
import { sellerSale, readSellerSale } from '~/features/sale/seller-sale.server';
import { degraded } from '~/lib/failures.server';
import { OutageNotice } from '~/features/shell/outage-notice';
import { endpoints } from '../../../../contract/endpoints';

/**
 * `/{vrm}/confirm-sale-summary` (what the seller agreed) and `/{vrm}/confirm-sale?valuation_ref=`
 * (confirming it: the reference is the sale's dealer-platform id, so an old link cannot confirm
 * another sale).
 */
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Confirm sale' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const current = await readSellerSale(request, context, params.vrm);
  const url = new URL(request.url);
  const summary = url.pathname.endsWith('/confirm-sale-summary');
  if (current.outage) {
    const page = { vrm: current.vrm, summary, confirmed: false, valuationRef: null, offer: null, mileage: null, finance: null };
    return degraded({ ...page, outage: current.outage });
  }
  const { vrm, sale, enquiry, profile } = current;
  if (!sale?.offer || !sale.acceptedAt) throw redirect(`/${vrm}`);
  if (!summary && url.searchParams.get('valuation_ref') !== String(enquiry.dpEnquiryId)) {
    throw redirect(`/${vrm}/confirm-sale?valuation_ref=${enquiry.dpEnquiryId}`);
  }
  return {
    vrm,
    summary,
    confirmed: !!sale.confirmedAt,
    valuationRef: enquiry.dpEnquiryId,
    offer: sale.offer,
    mileage: enquiry.mileage,
    finance: profile.finance,
    outage: null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), ConfirmSchema);
  let vrm: string;
  try {
    const current = await sellerSale(request, context, params.vrm);
    vrm = current.vrm;
    if (!current.sale?.confirmedAt) {
      await context.gateway.call(endpoints.sale.confirm, { params: { id: current.enquiry.id } });
      context.analytics.track('sale_confirmed');
    }
  } catch (error) {
    return failed(submission, error, context, 'sale.confirm_failed');
  }
  throw redirect(`/${vrm}/add-bank-details`);
}

export default function ConfirmSale() {
  const { vrm, summary, confirmed, valuationRef, offer, mileage, finance, outage } = useLoaderData<typeof loader>();
  const form = useFormReply(useActionData<typeof action>());
  return (
    <>
      <section className="card" aria-labelledby="confirm-title">
        <h2 id="confirm-title">{summary ? 'Your sale, in summary' : 'Confirm your sale'}</h2>
        <FormErrors errors={form.formErrors} />
        {outage ? <OutageNotice message={outage.message} sent={form.replied} /> : null}
        {offer ? (
          <dl className="facts">
            <dt>Price</dt>
            <dd>{formatPounds(offer.amount)}</dd>
            <dt>Buyer</dt>
            <dd>
              {offer.dealer.name}, {offer.dealer.town}
            </dd>
            <dt>Mileage you gave</dt>
            <dd>{mileage !== null ? formatMiles(mileage) : '—'}</dd>
            <dt>Finance</dt>
            <dd>
              {finance?.outstanding
                ? `${formatPounds(finance.settlement ?? 0)} to ${finance.lender}, settled from the price`
                : 'None outstanding'}
            </dd>
            <dt>Collection</dt>
            <dd>Free, from your address, 3 to 7 working days after you accept</dd>
            <dt>Payment</dt>
            <dd>Within 24 hours of collection, to the account you give next</dd>
          </dl>
        ) : null}
        {summary && offer ? (
          <Link className="btn" to={`/${vrm}/confirm-sale?valuation_ref=${valuationRef}`}>
            Continue
          </Link>
        ) : confirmed ? (
          <Link className="btn" to={`/${vrm}/add-bank-details`}>
            Add your bank details
          </Link>
        ) : offer || (form.replied && !summary) ? (
          <Form method="post">
            <p>
              By confirming, you agree to sell the car to {offer ? offer.dealer.name : 'the dealer'} at this price, subject to the rules
              below.
            </p>
            <button className="btn" type="submit">
              Confirm the sale
            </button>
          </Form>
        ) : null}
      </section>
      <PriceRules />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
