import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormErrors } from '~/lib/forms/form-parts';
import { failed, parseForm } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { formatPounds } from '~/lib/format';
import { devToolsOn } from '~/lib/env.server';
import { pageMeta } from '~/lib/meta';
import { CollectSchema } from '~/features/sale/sale-forms.server';
import { readSellerSale, saleProgress, sellerSale } from '~/features/sale/seller-sale.server';
import { degraded, readOrOutage, type Outage } from '~/lib/failures.server';
import { OutageNotice } from '~/features/shell/outage-notice';
import { endpoints } from '../../../../contract/endpoints';

/** `/{vrm}/review-status`: where the sale is after acceptance, with what happens next and by when. */
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Review status' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sale = await readSellerSale(request, context, params.vrm);
  // The platform down: where the sale is is unknown; the development switch still comes back (docs/decisions/026).
  const unknown = (vrm: string, outage: Outage) =>
    degraded({ vrm, offer: null, progress: null, canSimulate: devToolsOn(context.config), finance: false, outage });
  if (sale.outage) return unknown(sale.vrm, sale.outage);
  // The same read of where the sale is as the timeline under the step (sale-steps.tsx): one call between them.
  const progress = await readOrOutage(() => saleProgress(context, sale), context.config.brandName);
  if (progress.outage) return unknown(sale.vrm, progress.outage);
  if (!sale.sale?.acceptedAt || !progress.value) throw redirect(`/${sale.vrm}`);
  return {
    outage: null,
    vrm: sale.vrm,
    offer: sale.sale.offer,
    progress: progress.value,
    canSimulate: devToolsOn(context.config) && !!sale.sale.collection && !sale.sale.collectedAt,
    finance: sale.profile.finance?.outstanding ?? false,
  };
}

/** Development only: stands in for the dealer arriving, collecting and paying. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!devToolsOn(context.config)) throw new Response('Not Found', { status: 404 });
  const submission = parseForm(await request.formData(), CollectSchema);
  let vrm: string;
  try {
    const sale = await sellerSale(request, context, params.vrm);
    vrm = sale.vrm;
    await context.gateway.call(endpoints.dev.collect, { params: { id: sale.enquiry.id } });
  } catch (error) {
    return failed(submission, error, context, 'dev.collect_failed');
  }
  throw redirect(`/${vrm}/sale-complete`);
}

export default function ReviewStatus() {
  const { vrm, offer, progress, canSimulate, finance, outage } = useLoaderData<typeof loader>();
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
    <section className="card" aria-labelledby="status-title">
      <h2 id="status-title">{current ? `Next: ${current.title.toLowerCase()}` : 'All done'}</h2>
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
      {current?.href ? (
        <Link className="btn" to={current.href}>
          {current.action ?? current.title}
        </Link>
      ) : null}
      {canSimulate ? <SimulateCollection /> : null}
    </section>
  );
}

function SimulateCollection() {
  return (
    <Form method="post" className="dev-tools">
      <p className="muted">Development tools: the dealer's side of the sale is simulated.</p>
      <button className="btn secondary" type="submit">
        Simulate the dealer collecting and paying
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
