import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormErrors } from '~/lib/forms/form-parts';
import { failed, invalid, parseIntent } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { formatPounds } from '~/lib/format';
import { devToolsOn } from '~/lib/env.server';
import { pageMeta } from '~/lib/meta';
import { REVIEW_STATUS_INTENTS } from '~/features/sale/sale-forms.server';
import { readSellerSale, saleProgress, sellerSale } from '~/features/sale/seller-sale.server';
import { degraded, readOrOutage, type Outage } from '~/lib/failures.server';
import { OutageNotice } from '~/features/shell/outage-notice';
import { endpoints } from '../../../../contract/endpoints';
import { InspectionPart, RevisedOfferPart, revisedOfferView } from '~/features/sale/collection-day-views.server';
import { ServerMarkup } from '~/lib/server-markup';
import { markupNow } from '~/lib/server-markup.server';

/**
 * `/{vrm}/review-status`: where the sale is after acceptance, with what happens next and by when;
 * on collection day, the handover inspection check by check and, when the dealer proposes a lower
 * price, the revised offer item by item with both photos, for the seller to approve or decline.
 */
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Review status' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sale = await readSellerSale(request, context, params.vrm);
  // The platform down: where the sale is is unknown; the development switch still comes back (docs/decisions/026).
  const unknown = (vrm: string, outage: Outage) =>
    degraded({
      vrm,
      offer: null,
      progress: null,
      canSimulate: devToolsOn(context.config),
      finance: false,
      revisedMarkup: null,
      inspectionMarkup: null,
      outage,
    });
  if (sale.outage) return unknown(sale.vrm, sale.outage);
  // The same read of where the sale is as the timeline under the step (sale-steps.tsx): one call between them.
  const progress = await readOrOutage(() => saleProgress(context, sale), context.config.brandName);
  if (progress.outage) return unknown(sale.vrm, progress.outage);
  if (!sale.sale?.acceptedAt || !progress.value) throw redirect(`/${sale.vrm}`);
  // The inspection is there once the dealer has been: before, nothing to ask for.
  const collectionDay = sale.sale.inspectedAt
    ? await readOrOutage(
        () => context.gateway.call(endpoints.sale.verifications, { params: { id: sale.enquiry.id } }),
        context.config.brandName,
      )
    : { value: null, outage: null };
  if (collectionDay.outage) return unknown(sale.vrm, collectionDay.outage);
  const view = collectionDay.value;
  // Rendered here, not in the page's scripts (ADR 025): the tariff, the slots and these words stay on the server.
  const revisedMarkup =
    view?.offer?.status === 'proposed' ? markupNow(RevisedOfferPart, { vrm: sale.vrm, offer: revisedOfferView(view.offer) }) : null;
  const inspectionMarkup = view?.inspectedAt ? markupNow(InspectionPart, { view }) : null;
  return {
    outage: null,
    vrm: sale.vrm,
    offer: sale.sale.offer,
    progress: progress.value,
    canSimulate: devToolsOn(context.config) && !!sale.sale.collection && !sale.sale.inspectedAt,
    finance: sale.profile.finance?.outstanding ?? false,
    revisedMarkup,
    inspectionMarkup,
  };
}

/** The seller's answer to a revised offer; in development, the switch that brings the dealer now. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { intent, submission } = parseIntent(await request.formData(), REVIEW_STATUS_INTENTS, 'collect');
  if (intent === 'collect' && !devToolsOn(context.config)) throw new Response('Not Found', { status: 404 });
  if (submission.status !== 'success') return invalid(submission);
  let vrm: string;
  try {
    const sale = await sellerSale(request, context, params.vrm);
    vrm = sale.vrm;
    if (intent === 'collect') {
      const after = await context.gateway.call(endpoints.dev.collect, { params: { id: sale.enquiry.id } });
      // Collected at the agreed price and paid: the sale is complete; otherwise the inspection is here.
      if (after?.paidAt) throw redirect(`/${vrm}/sale-complete`);
    } else {
      const { offerId } = submission.value as { offerId: number };
      await context.gateway.call(endpoints.sale.approveSaleFinalisation, {
        body: { enquiryId: sale.enquiry.id, offerId, decision: intent },
      });
      throw redirect(intent === 'approve' ? `/${vrm}/sale-complete` : `/${vrm}`);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return failed(submission, error, context, intent === 'collect' ? 'dev.collect_failed' : 'sale.revised_offer_answer_failed');
  }
  // The dealer has been: the inspection, and whatever it led to, is on this page.
  throw redirect(`/${vrm}/review-status`);
}

export default function ReviewStatus() {
  const { vrm, offer, progress, canSimulate, finance, outage, revisedMarkup, inspectionMarkup } = useLoaderData<typeof loader>();
  const current = progress?.find((s) => s.state === 'current');
  const form = useFormReply(useActionData<typeof action>());
  if (!progress) {
    return (
      <section className="card" aria-labelledby="status-title">
        <h2 id="status-title">Where your sale is</h2>
        <FormErrors errors={form.formErrors} />
        {outage ? <OutageNotice message={outage.message} sent={form.replied} /> : null}
        {canSimulate && form.replied ? <SimulateCollection /> : null}
      </section>
    );
  }
  // The timeline under it is the sale steps' layout's, as under every step (sale-steps.tsx).
  return (
    <>
      {revisedMarkup ? (
        <ServerMarkup id="revised-offer" as="section" className="card" aria-labelledby="revised-title" markup={revisedMarkup} />
      ) : null}
      <section className="card" aria-labelledby="status-title">
        <h2 id="status-title">{current ? `Next: ${inSentence(current.title)}` : 'All done'}</h2>
        <FormErrors errors={form.formErrors} />
        {offer ? (
          <p>
            You are selling to {offer.dealer.name} for {formatPounds(offer.amount)}.{' '}
            <Link to={`/${vrm}/purchasing-dealer-details`}>About the dealer</Link>
          </p>
        ) : null}
        {current ? <p>{current.detail}</p> : null}
        <p>
          {finance ? <Link to={`/${vrm}/finance-payment-details`}>Your finance settlement</Link> : null}
          {finance ? ' · ' : null}
          <Link to={`/${vrm}/vehicle-payment`}>Your payment</Link>
        </p>
        {current?.href && current.href !== `/${vrm}/review-status` ? (
          <Link className="btn" to={current.href}>
            {current.action ?? current.title}
          </Link>
        ) : null}
        {canSimulate ? <SimulateCollection /> : null}
      </section>
      {inspectionMarkup ? (
        <ServerMarkup id="inspection" as="section" className="card" aria-labelledby="inspection-title" markup={inspectionMarkup} />
      ) : null}
    </>
  );
}

/** A step's title inside a sentence: 'Collection booked' → 'collection booked', 'DVLA told' as it is. */
const inSentence = (title: string) => (/^[A-Z][a-z]/.test(title) ? title.charAt(0).toLowerCase() + title.slice(1) : title);

function SimulateCollection() {
  return (
    <Form method="post" className="dev-tools">
      <p className="muted">Development tools: the dealer&rsquo;s side of the sale is simulated.</p>
      <button className="btn secondary" type="submit" name="intent" value="collect">
        Simulate the dealer arriving to collect
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
