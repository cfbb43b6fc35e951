import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { FormErrors } from '~/lib/forms/form-parts';
import { failed, parseForm } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { formatDate, formatPounds } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { readSellerSale, sellerSale } from '~/features/sale/seller-sale.server';
import { CollectSchema } from '~/features/sale/sale-forms.server';
import { degraded, readOrOutage } from '~/lib/failures.server';
import { OutagePage } from '~/features/shell/outage-notice';
import { endpoints } from '../../../../contract/endpoints';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Dealer details' });

/**
 * `/{vrm}/purchasing-dealer-details`: who is buying, what to expect of them, and, once the seller
 * has accepted, what the dealer needs at the handover (confirmation-info?documentKindSet=required)
 * with the dealer's final confirmation by e-mail once the collection is booked.
 */
/** This step says where the sale is in its own way (sale-steps.tsx shows the timeline under the others). */
export const handle = { saleProgress: false };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sale = await readSellerSale(request, context, params.vrm);
  // The platform down: the page says so in its frame (docs/decisions/026).
  if (sale.outage) return degraded({ vrm: sale.vrm, offer: null, accepted: false, info: null, infoOutage: null, outage: sale.outage });
  if (!sale.sale?.offer) throw redirect(`/${sale.vrm}`);
  const accepted = !!sale.sale.acceptedAt && !sale.sale.ended;
  // What the dealer needs is the seller's to know once they are selling; a failed read leaves the rest of the page.
  const info = accepted
    ? await readOrOutage(
        () =>
          context.gateway.call(endpoints.sale.confirmationInfo, {
            params: { id: sale.enquiry.id },
            query: { documentKindSet: 'required' },
          }),
        context.config.brandName,
      )
    : { value: null, outage: null };
  return { vrm: sale.vrm, offer: sale.sale.offer, accepted, info: info.value, infoOutage: info.outage?.message ?? null, outage: null };
}

/** "E-mail me the dealer's confirmation": once; a second press says when it went. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), CollectSchema);
  let vrm: string;
  try {
    const sale = await sellerSale(request, context, params.vrm);
    vrm = sale.vrm;
    await context.gateway.call(endpoints.sale.sendFinalDealerConfirmation, { params: { id: sale.enquiry.id } });
  } catch (error) {
    return failed(submission, error, context, 'sale.final_confirmation_failed');
  }
  throw redirect(`/${vrm}/purchasing-dealer-details`);
}

export default function DealerDetails() {
  const { vrm, offer, accepted, info, infoOutage, outage } = useLoaderData<typeof loader>();
  const form = useFormReply(useActionData<typeof action>());
  if (!offer || outage) return <OutagePage title="The dealer" titleId="dealer-title" message={outage?.message ?? ''} />;
  return (
    <>
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
      {info ? (
        <section className="card" aria-labelledby="handover-title" data-testid="confirmation-info">
          <h2 id="handover-title">What the dealer needs at the handover</h2>
          <ul>
            {info.required.map((need) => (
              <li key={need.id}>
                <strong>{need.label}</strong>: {need.detail}
              </li>
            ))}
          </ul>
          {info.collection ? (
            <>
              <FormErrors errors={form.formErrors} />
              {info.finalConfirmationSentAt ? (
                <p className="toast ok" role="status">
                  We e-mailed you the dealer&rsquo;s confirmation on {formatDate(info.finalConfirmationSentAt)}.
                </p>
              ) : (
                <Form method="post">
                  <button className="btn secondary" type="submit">
                    E-mail me the dealer&rsquo;s confirmation
                  </button>
                </Form>
              )}
            </>
          ) : (
            <p className="muted">Once you book the collection, the dealer confirms the day and the price by e-mail.</p>
          )}
        </section>
      ) : infoOutage ? (
        <p className="toast warn">{infoOutage}</p>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
