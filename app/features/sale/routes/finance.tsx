import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormErrors } from '~/lib/forms/form-parts';
import { failed, invalid, parseForm } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { degraded, readOrOutage, type Outage } from '~/lib/failures.server';
import { OutageNotice } from '~/features/shell/outage-notice';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { formatDate, formatPounds } from '~/lib/format';
import type { FinanceStatus } from '../../../../contract/finance';
import { devToolsOn } from '~/lib/env.server';
import { pageMeta } from '~/lib/meta';
import { FinanceSchema } from '~/features/sale/sale-forms.server';
import { sellerSale, readSellerSale } from '~/features/sale/seller-sale.server';
import { endpoints } from '../../../../contract/endpoints';

/**
 * The finance routes: `/{vrm}/finance-payment-details` (how the price is split between the lender
 * and the seller), `/{vrm}/finance-payment-details-more-funds-requested` (negative equity: the
 * seller sends the shortfall first) and `/{vrm}/finance-funds-received`.
 */
export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta(matches, {
    title: location.pathname.endsWith('funds-received') ? 'Funds received' : 'Finance payment (negative equity transfer)',
  });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  // Each of the three pages fits one situation: send the seller to the one that fits theirs.
  const page = path.endsWith('/finance-funds-received') ? 'received' : path.endsWith('-more-funds-requested') ? 'shortfall' : 'split';
  // The platform down: the page says so in its frame, with the form the seller sent (docs/decisions/026).
  const unavailable = (vrm: string, outage: Outage) => degraded({ vrm, page, finance: null, devTools: devToolsOn(context.config), outage });
  const sale = await readSellerSale(request, context, params.vrm);
  if (sale.outage) return unavailable(sale.vrm, sale.outage);
  if (!sale.sale?.acceptedAt) throw redirect(`/${sale.vrm}`);
  const read = await readOrOutage(
    () => context.gateway.call(endpoints.sale.financeStatus, { query: { enquiryId: sale.enquiry.id } }),
    context.config.brandName,
  );
  if (read.outage) return unavailable(sale.vrm, read.outage);
  const finance = read.value;
  const base = `/${sale.vrm}`;
  if (page === 'split' && finance.shortfall > 0) throw redirect(`${base}/finance-payment-details-more-funds-requested`);
  if (page === 'shortfall' && finance.shortfall === 0) throw redirect(`${base}/finance-payment-details`);
  if (page === 'received' && !finance.fundsReceivedAt) throw redirect(`${base}/finance-payment-details-more-funds-requested`);
  if (page === 'shortfall' && finance.fundsReceivedAt) throw redirect(`${base}/finance-funds-received`);
  return { vrm: sale.vrm, page, finance, devTools: devToolsOn(context.config), outage: null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), FinanceSchema);
  if (submission.status !== 'success') return invalid(submission);
  const { intent } = submission.value;
  let vrm: string;
  try {
    const sale = await sellerSale(request, context, params.vrm);
    vrm = sale.vrm;
    if (intent === 'declare') {
      await context.gateway.call(endpoints.sale.declareFunds, { body: { enquiryId: sale.enquiry.id } });
    } else if (devToolsOn(context.config)) {
      await context.gateway.call(endpoints.dev.fundsReceived, { params: { id: sale.enquiry.id } });
      throw redirect(`/${sale.vrm}/finance-funds-received`);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return failed(submission, error, context, `finance.${intent}_failed`);
  }
  throw redirect(`/${vrm}/finance-payment-details-more-funds-requested`);
}

export default function Finance() {
  const { vrm, page, finance, devTools, outage } = useLoaderData<typeof loader>();
  const form = useFormReply(useActionData<typeof action>());
  if (!finance || outage) {
    return (
      <section className="card" aria-labelledby="finance-title">
        <h2 id="finance-title">{page === 'received' ? 'Funds received' : 'Your finance settlement'}</h2>
        <FormErrors errors={form.formErrors} />
        {outage ? <OutageNotice message={outage.message} sent={form.replied} /> : null}
        {form.value('intent') === 'declare' ? (
          <Form method="post">
            <button className="btn" type="submit" name="intent" value="declare">
              I have sent the money
            </button>
          </Form>
        ) : null}
        <Link to={`/${vrm}/review-status`}>Back to your sale</Link>
      </section>
    );
  }
  return (
    <>
      <section className="card" aria-labelledby="finance-title">
        <FormErrors errors={form.formErrors} />
        {page === 'split' ? (
          <>
            <h2 id="finance-title">How your {formatPounds(finance.salePrice)} is paid</h2>
            <dl className="facts" data-testid="finance-split">
              {finance.outstanding ? (
                <>
                  <dt>To {finance.lender ?? 'your lender'}</dt>
                  <dd>{formatPounds(finance.toLender)}, settling your finance</dd>
                </>
              ) : null}
              <dt>To you</dt>
              <dd>{formatPounds(finance.toSeller)}</dd>
            </dl>
            <p>We pay your lender directly when the dealer collects the car, and send you the rest within 24 hours.</p>
            <SettlementFacts finance={finance} />
          </>
        ) : null}
        {page === 'shortfall' && finance.clientAccount ? (
          <>
            <h2 id="finance-title">More funds needed to settle your finance</h2>
            <p data-testid="shortfall">
              Your settlement figure of {formatPounds(finance.settlement)} is {formatPounds(finance.shortfall)} more than the sale price of{' '}
              {formatPounds(finance.salePrice)}. Please send the {formatPounds(finance.shortfall)} before the collection day, so we can
              settle the finance and the dealer can take the car.
            </p>
            <SettlementFacts finance={finance} />
            <dl className="facts">
              <dt>Account name</dt>
              <dd>{finance.clientAccount.name}</dd>
              <dt>Sort code</dt>
              <dd>{finance.clientAccount.sortCode}</dd>
              <dt>Account number</dt>
              <dd>{finance.clientAccount.accountNumber}</dd>
              <dt>Reference</dt>
              <dd>{finance.clientAccount.reference}</dd>
            </dl>
            {finance.fundsDeclaredAt ? (
              <p className="toast ok">Thank you. We will let you know as soon as the money arrives.</p>
            ) : (
              <Form method="post">
                <button className="btn" type="submit" name="intent" value="declare">
                  I have sent the money
                </button>
              </Form>
            )}
            {devTools && finance.fundsDeclaredAt ? (
              <Form method="post">
                <p className="muted">Development tools: the bank transfer is simulated.</p>
                <button className="btn secondary" type="submit" name="intent" value="simulate-received">
                  Simulate the money arriving
                </button>
              </Form>
            ) : null}
          </>
        ) : null}
        {page === 'received' ? (
          <>
            <h2 id="finance-title">Funds received</h2>
            <p data-testid="funds-received">
              We have your {formatPounds(finance.shortfall)}. We settle your finance with {finance.lender ?? 'your lender'} when the dealer
              collects the car.
            </p>
          </>
        ) : null}
        <Link to={`/${vrm}/review-status`}>Back to your sale</Link>
      </section>
    </>
  );
}

/**
 * Where the settlement figure comes from: the lender's own (asked with the seller's consent: the
 * agreement by its last four characters, until when the figure holds, when we last asked), one still
 * to come, or the seller's own typed figure, which we did not ask the lender for.
 */
function SettlementFacts({ finance }: { finance: FinanceStatus }) {
  if (!finance.outstanding) return null;
  const figure = finance.lenderFigure;
  if (finance.settledAt) {
    return (
      <p className="toast ok" data-testid="finance-settled">
        Finance settled on {formatDate(finance.settledAt)}: {finance.lender ?? 'your lender'} has confirmed the agreement is paid off.
      </p>
    );
  }
  if (figure) {
    return (
      <dl className="facts" data-testid="lender-figure">
        <dt>Settlement figure from {figure.lender.name}</dt>
        <dd>{formatPounds(figure.amount)}</dd>
        <dt>Agreement</dt>
        <dd>ending {figure.agreementLast4}</dd>
        <dt>Figure valid until</dt>
        <dd>{formatDate(figure.expiresAt)}</dd>
        <dt>Last asked</dt>
        <dd>{formatDate(figure.requestedAt)}, with your consent. We ask again before it ends.</dd>
      </dl>
    );
  }
  if (finance.figurePending) {
    return (
      <p data-testid="figure-pending">
        We have asked {finance.lender ?? 'your lender'} for your settlement figure, with your consent. We will let you know when it arrives.
      </p>
    );
  }
  return (
    <p className="muted" data-testid="figure-typed">
      This is the settlement figure you gave us: we have not asked {finance.lender ?? 'your lender'} for it. Please make sure it matches
      your latest settlement letter.
    </p>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
