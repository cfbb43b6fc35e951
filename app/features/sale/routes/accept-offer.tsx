import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { requireProvenAddress } from '~/features/account/require-user.server';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { OutageNotice } from '~/features/shell/outage-notice';
import { PriceRules } from '~/features/sale/price-rules';
import { formatDateTime } from '~/features/sale/sale-time';
import { FormErrors } from '~/lib/forms/form-parts';
import { failed, invalid, parseForm } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { formatPounds } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { DecisionSchema } from '~/features/sale/sale-forms.server';
import { sellerSale, readSellerSale } from '~/features/sale/seller-sale.server';
import { readDealerRecord } from '~/features/sale/published.server';
import { DEALER_RECORD_UNAVAILABLE, dealerRecordSentence } from '~/features/sale/published-words';
import { degraded } from '~/lib/failures.server';
import { endpoints } from '../../../../contract/endpoints';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Accept offer' });

/** This step says where the sale is in its own way (sale-steps.tsx shows the timeline under the others). */
export const handle = { saleProgress: false };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const read = await readSellerSale(request, context, params.vrm);
  if (read.outage) {
    requireProvenAddress(request, context, read.vrm);
    return degraded({ vrm: read.vrm, offer: null, biddingDealers: 0, dealerRecord: null, outage: read.outage });
  }
  const { vrm, sale } = read;
  if (!sale?.offer || sale.phase !== 'under_offer') throw redirect(`/${vrm}`);
  requireProvenAddress(request, context, vrm);
  // The buying dealer's record from the sales record, in words; without it the offer still stands.
  const record = await readDealerRecord(context, sale.offer.dealer.id);
  const dealerRecord = record === 'unavailable' ? DEALER_RECORD_UNAVAILABLE : dealerRecordSentence(record, context.config.brandName);
  return { vrm, offer: sale.offer, biddingDealers: sale.biddingDealers, dealerRecord, outage: null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), DecisionSchema);
  if (submission.status !== 'success') return invalid(submission);
  const decision = submission.value.intent;
  let vrm: string;
  try {
    const sale = await sellerSale(request, context, params.vrm);
    vrm = sale.vrm;
    await context.gateway.call(decision === 'accept' ? endpoints.sale.acceptOffer : endpoints.sale.declineOffer, {
      body: { enquiryId: sale.enquiry.id },
    });
  } catch (error) {
    return failed(submission, error, context, `offer.${decision}_failed`);
  }
  context.analytics.track(decision === 'accept' ? 'offer_accepted' : 'offer_declined');
  throw redirect(decision === 'accept' ? `/${vrm}/confirm-sale-summary` : `/${vrm}`);
}

export default function AcceptOffer() {
  const { vrm, offer, biddingDealers, dealerRecord, outage } = useLoaderData<typeof loader>();
  const form = useFormReply(useActionData<typeof action>());
  return (
    <>
      <section className="card offer" aria-labelledby="offer-title">
        <h2 id="offer-title">Your highest offer</h2>
        <FormErrors errors={form.formErrors} />
        {offer ? (
          <>
            <p className="big" data-testid="offer-amount">
              {formatPounds(offer.amount)}
            </p>
            <p>
              From {offer.dealer.name}, {offer.dealer.town}: the best of {biddingDealers} dealers who bid. Collection is free and you are
              paid within 24 hours of it.
            </p>
            <p>
              <strong>This offer stands until {formatDateTime(offer.expiresAt)}.</strong>
            </p>
          </>
        ) : null}
        {outage ? <OutageNotice message={outage.message} sent={form.replied} /> : null}
        {/* The platform down, the offer unknown: the choice the seller made comes back to make again. */}
        {offer || form.replied ? (
          <div className="actions">
            <Form method="post">
              <button className="btn" type="submit" name="intent" value="accept">
                {offer ? `Accept ${formatPounds(offer.amount)}` : 'Accept the offer'}
              </button>
            </Form>
            <Form method="post">
              <button className="btn secondary" type="submit" name="intent" value="decline">
                Decline
              </button>
            </Form>
          </div>
        ) : null}
        <p className="muted">
          Declining is free: you can put the car in another sale. <Link to={`/${vrm}/purchasing-dealer-details`}>About the dealer</Link>
        </p>
      </section>
      {dealerRecord ? (
        <section className="card" aria-labelledby="dealer-record-title">
          <h2 id="dealer-record-title">This dealer&rsquo;s record</h2>
          <p data-testid="dealer-record">{dealerRecord}</p>
          <p className="muted">
            Counted from every car this dealer inspected at collection with us that has since completed or gone back to its seller.{' '}
            <Link to="/how-we-value">How we value cars, and how close our valuations came last month</Link>.
          </p>
        </section>
      ) : null}
      <PriceRules />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
