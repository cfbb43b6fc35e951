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
import { PHOTO_SLOTS } from '../../../../contract/documents';
import { PREPARATION_ALLOWANCE, TARIFF } from '../../../../contract/price-rules';
import type { CollectionDayView, PostSaleOffer } from '../../../../contract/sale';

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
    degraded({ vrm, offer: null, progress: null, canSimulate: devToolsOn(context.config), finance: false, collectionDay: null, outage });
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
  return {
    outage: null,
    vrm: sale.vrm,
    offer: sale.sale.offer,
    progress: progress.value,
    canSimulate: devToolsOn(context.config) && !!sale.sale.collection && !sale.sale.inspectedAt,
    finance: sale.profile.finance?.outstanding ?? false,
    collectionDay: collectionDay.value,
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
  const { vrm, offer, progress, canSimulate, finance, outage, collectionDay } = useLoaderData<typeof loader>();
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
  const revised = collectionDay?.offer?.status === 'proposed' ? collectionDay.offer : null;
  // The timeline under it is the sale steps' layout's, as under every step (sale-steps.tsx).
  return (
    <>
      {revised ? <RevisedOffer vrm={vrm} offer={revised} errors={form.formErrors} /> : null}
      <section className="card" aria-labelledby="status-title">
        <h2 id="status-title">{current ? `Next: ${inSentence(current.title)}` : 'All done'}</h2>
        {revised ? null : <FormErrors errors={form.formErrors} />}
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
      {collectionDay?.inspectedAt ? <Inspection view={collectionDay} /> : null}
    </>
  );
}

/** A step's title inside a sentence: 'Collection booked' → 'collection booked', 'DVLA told' as it is. */
const inSentence = (title: string) => (/^[A-Z][a-z]/.test(title) ? title.charAt(0).toLowerCase() + title.slice(1) : title);

const slotLabel = (slot: string | null) => PHOTO_SLOTS.find((s) => s.id === slot)?.label ?? slot ?? '';

/** The dealer's proposal, item by item: the tariff's line and amount, the profile's photo beside the inspector's. */
function RevisedOffer({ vrm, offer, errors }: { vrm: string; offer: PostSaleOffer; errors?: string[] }) {
  const itemsTotal = offer.items.reduce((sum, item) => sum + item.amount, 0);
  const damage = offer.items.filter((item) => TARIFF[item.tariff]?.damage).reduce((sum, item) => sum + item.amount, 0);
  const allowance = Math.min(damage, PREPARATION_ALLOWANCE);
  return (
    <section className="card" aria-labelledby="revised-title" data-testid="revised-offer">
      <h2 id="revised-title">
        The dealer proposes {formatPounds(offer.proposedAmount)} (agreed {formatPounds(offer.agreedAmount)})
      </h2>
      <FormErrors errors={errors} />
      <p>
        At the handover {offer.dealer?.name ?? 'the dealer'} found {offer.items.length === 1 ? 'something' : 'things'} your profile did not
        show. Each item is priced by our <a href="/how-we-value#price-rules">published tariff</a>, not by the dealer. Nothing changes unless
        you approve.
      </p>
      <ol className="revised-items">
        {offer.items.map((item, index) => (
          <li key={`${item.tariff}-${index}`} data-testid={`revised-item-${item.tariff}`}>
            <p>
              <strong>{item.label}</strong> ({item.unit}): {item.detail}.{' '}
              {item.count > 1
                ? `${item.count} × ${formatPounds(item.amount / item.count)} = ${formatPounds(item.amount)}`
                : formatPounds(item.amount)}
            </p>
            {item.slot ? (
              <div className="photo-pair">
                <figure>
                  <img
                    src={`/${vrm}/photos/profile/${item.slot}`}
                    alt={`Your profile photo: ${slotLabel(item.slot)}`}
                    width="160"
                    height="120"
                  />
                  <figcaption>Your photo ({slotLabel(item.slot)})</figcaption>
                </figure>
                {item.collectionPhoto ? (
                  <figure>
                    <img
                      src={`/${vrm}/photos/collection/${item.slot}`}
                      alt={`The dealer’s photo at collection: ${slotLabel(item.slot)}, ${item.detail}`}
                      width="160"
                      height="120"
                    />
                    <figcaption>At collection</figcaption>
                  </figure>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <dl className="summary">
        <dt>Items</dt>
        <dd>{formatPounds(itemsTotal)}</dd>
        {allowance ? (
          <>
            <dt>Less the preparation allowance</dt>
            <dd>−{formatPounds(allowance)}</dd>
          </>
        ) : null}
        <dt>Off the agreed price</dt>
        <dd>{formatPounds(offer.agreedAmount - offer.proposedAmount)}</dd>
      </dl>
      <Refused offer={offer} />
      <div className="choices">
        <Form method="post">
          <input type="hidden" name="offerId" value={offer.id} />
          <button className="btn" type="submit" name="intent" value="approve">
            Approve {formatPounds(offer.proposedAmount)}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="offerId" value={offer.id} />
          <button className="btn secondary" type="submit" name="intent" value="decline">
            Decline and keep my car
          </button>
        </Form>
      </div>
      <p className="muted">
        If you decline, the sale ends and the car stays with you. There is no fee, and you can put it in the next daily sale.
      </p>
    </section>
  );
}

function Refused({ offer }: { offer: Pick<PostSaleOffer, 'refused'> }) {
  if (!offer.refused.length) return null;
  return (
    <div data-testid="refused-items">
      <h3>What our rules refused</h3>
      <ul>
        {offer.refused.map((item, index) => (
          <li key={`${item.tariff}-${index}`}>
            {item.detail}: {item.rule.charAt(0).toLowerCase() + item.rule.slice(1)}.
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The handover inspection, check by check, and what the rules refused when the agreed price stood. */
function Inspection({ view }: { view: CollectionDayView }) {
  return (
    <section className="card" aria-labelledby="inspection-title" data-testid="inspection">
      <h2 id="inspection-title">The handover inspection</h2>
      <ul>
        {view.checks.map((check) => (
          <li key={check.check}>
            <strong>{check.title}</strong>: {check.result === 'as_described' ? '' : 'not as described. '}
            {check.detail}.
          </li>
        ))}
      </ul>
      {view.offer && view.offer.status !== 'proposed' ? (
        <>
          <p>
            {view.offer.status === 'refused'
              ? `The dealer asked to take money off; our rules refused every item, so the agreed ${formatPounds(view.offer.agreedAmount)} stands.`
              : view.offer.status === 'approved'
                ? `You approved ${formatPounds(view.offer.proposedAmount)} (agreed ${formatPounds(view.offer.agreedAmount)}).`
                : view.offer.status === 'declined'
                  ? 'You declined the revised offer: the car stayed with you.'
                  : 'The damage found was more than our rules let a dealer take off, so the dealer could only cancel.'}
          </p>
          <Refused offer={view.offer} />
        </>
      ) : null}
    </section>
  );
}

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
