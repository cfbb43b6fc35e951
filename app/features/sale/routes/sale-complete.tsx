import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { formatDate, formatPounds } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { readSellerSale } from '~/features/sale/seller-sale.server';
import { degraded, readOrOutage } from '~/lib/failures.server';
import { endpoints } from '../../../../contract/endpoints';
import { OutagePage } from '~/features/shell/outage-notice';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Sale complete' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sale = await readSellerSale(request, context, params.vrm);
  // The platform down: the page says so in its frame (docs/decisions/026).
  if (sale.outage)
    return degraded({ amount: null, agreed: null, dealer: null, paidAt: null, dvla: null, payout: null, outage: sale.outage });
  if (!sale.sale?.paidAt || !sale.sale.offer) throw redirect(`/${sale.vrm}`);
  // Where the money is: the same read as the timeline's (the gateway asks it once per request).
  const status = await readOrOutage(
    () => context.gateway.call(endpoints.sale.status, { params: { id: sale.enquiry.id } }),
    context.config.brandName,
  );
  return {
    payout: status.value?.payout ?? null,
    // What the sale completed at: the agreed price, or the revised one the seller approved at the handover.
    amount: sale.sale.finalAmount ?? sale.sale.offer.amount,
    agreed: sale.sale.offer.amount,
    dealer: sale.sale.offer.dealer.name,
    paidAt: sale.sale.paidAt,
    dvla: sale.sale.dvla,
    outage: null,
  };
}

/** '10:42 on 3 January', in the UK's own time. */
const formatTime = (iso: string) => {
  const date = new Date(iso);
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Europe/London' });
  return `${time} on ${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'Europe/London' })}`;
};

export default function SaleComplete() {
  const { amount, agreed, dealer, paidAt, dvla, payout, outage } = useLoaderData<typeof loader>();
  if (amount === null || outage) return <OutagePage title="Sale complete" titleId="complete-title" message={outage?.message ?? ''} />;
  return (
    <>
      <section className="card" aria-labelledby="complete-title">
        <h2 id="complete-title">Sale complete</h2>
        <p className="big" data-testid="paid-amount">
          {formatPounds(amount)}
        </p>
        <p>
          {dealer} collected your car and paid you on {formatDate(paidAt)}
          {agreed !== null && agreed !== amount ? `: the revised price you approved at the handover (agreed ${formatPounds(agreed)})` : ''}.
          Thank you for selling with us.
        </p>
        {payout?.state === 'sent' && payout.sentAt ? (
          <p data-testid="payout-where">
            Sent {formatTime(payout.sentAt)} to the account ending {payout.accountEnding}: usually in your account within 2 hours.
          </p>
        ) : payout?.state === 'credited' && payout.creditedAt ? (
          <p data-testid="payout-where">
            In your account ending {payout.accountEnding} since {formatTime(payout.creditedAt)}.
          </p>
        ) : null}
        {dvla ? (
          <p data-testid="dvla-told">
            The dealer told DVLA on {formatDate(dvla.notifiedAt)}, with the V5C ending {dvla.referenceLast4}. DVLA confirms by letter,
            usually within 4 weeks, and refunds any full months of vehicle tax.
          </p>
        ) : (
          <p className="muted">The dealer tells DVLA that they have bought the car: we let you know when they have.</p>
        )}
        <p className="muted">Remember to cancel your insurance.</p>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
