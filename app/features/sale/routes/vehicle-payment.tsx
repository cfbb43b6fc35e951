import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import type { PaymentStatus, PayoutView } from '../../../../contract/bank-details';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { formatPounds } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { readSellerSale } from '~/features/sale/seller-sale.server';
import { degraded, readOrOutage, type Outage } from '~/lib/failures.server';
import { OutagePage } from '~/features/shell/outage-notice';
import { endpoints } from '../../../../contract/endpoints';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Vehicle payment' });

const LABELS: Record<PaymentStatus, string> = {
  awaiting_bank_details: 'Your bank details',
  awaiting_collection: 'The dealer collects the car',
  payment_scheduled: 'Payment sent (within 24 hours of collection)',
  paid: 'Paid',
};

/** `/{vrm}/vehicle-payment`: where the money is (payments calls, 20 s timeout). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The platform down: the page says so in its frame (docs/decisions/026).
  const unavailable = (outage: Outage) => degraded({ amount: null, statuses: [], payouts: [], frozen: false, beneficiary: null, outage });
  const sale = await readSellerSale(request, context, params.vrm);
  if (sale.outage) return unavailable(sale.outage);
  const offer = sale.sale?.acceptedAt ? sale.sale.offer : null;
  if (!offer) throw redirect(`/${sale.vrm}`);
  const read = await readOrOutage(
    () =>
      Promise.all([
        context.gateway.call(endpoints.sale.paymentStatuses, { query: { enquiryId: sale.enquiry.id } }),
        context.gateway.call(endpoints.sale.beneficiary, { params: { enquiryId: sale.enquiry.id } }),
      ]),
    context.config.brandName,
  );
  if (read.outage) return unavailable(read.outage);
  const [{ statuses, payouts, frozen }, { beneficiary }] = read.value;
  return { amount: sale.sale?.finalAmount ?? offer.amount, statuses, payouts, frozen: frozen === true, beneficiary, outage: null };
}

export default function VehiclePayment() {
  const { amount, statuses, payouts, frozen, beneficiary, outage } = useLoaderData<typeof loader>();
  if (amount === null || outage) return <OutagePage title="Your payment" titleId="payment-title" message={outage?.message ?? ''} />;
  return (
    <>
      <section className="card" aria-labelledby="payment-title">
        <h2 id="payment-title">Your payment of {formatPounds(amount)}</h2>
        {beneficiary ? (
          <p>
            To {beneficiary.accountName}, sort code {beneficiary.sortCode}, account ending {beneficiary.accountNumberLast4}.
          </p>
        ) : null}
        {frozen ? (
          <p className="toast" role="status" data-testid="payout-frozen">
            Your payout is frozen: nothing is paid until our support team has checked the payout account with you.
          </p>
        ) : null}
        <ol className="timeline" data-testid="payment-statuses">
          {statuses.map((step) => (
            <li key={step.status} className={step.state}>
              <span className="marker" aria-hidden="true">
                {step.state === 'done' ? '✓' : ''}
              </span>
              <div>
                <strong>{LABELS[step.status]}</strong>
                <p className="muted">{step.state === 'done' ? 'Done' : step.state === 'current' ? 'Next' : 'To come'}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      {payouts.length ? (
        <section className="card" aria-labelledby="money-title" data-testid="payouts">
          <h2 id="money-title">Where the money is</h2>
          <ul>
            {payouts.map((payout) => (
              <li key={payout.id}>
                <strong>
                  {formatPounds(payout.amount)} to{' '}
                  {payout.payee === 'lender' ? `your lender, ${payout.accountName}` : `the account ending ${payout.accountEnding}`}
                </strong>
                : {payoutWhere(payout)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

const at = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    day: 'numeric',
    month: 'long',
    hour12: false,
    timeZone: 'Europe/London',
  });

/** One payout's whereabouts, in the seller's words (docs/decisions/037). */
function payoutWhere(payout: PayoutView): string {
  switch (payout.state) {
    case 'credited':
      return `in the account since ${at(payout.creditedAt!)}.`;
    case 'sent':
      return `sent ${at(payout.sentAt!)}; usually in the account within 2 hours.`;
    case 'returned':
      return `sent back by the bank on ${at(payout.returnedAt!)}. Give us new bank details and we pay you again.`;
    case 'held':
      return payout.holdReason === 'frozen' ? 'held: your payout is frozen.' : 'held for a check before it goes.';
    default:
      return 'about to be sent.';
  }
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
