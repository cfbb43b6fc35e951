import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { formatDate, formatPounds } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { readSellerSale } from '~/features/sale/seller-sale.server';
import { degraded } from '~/lib/failures.server';
import { OutagePage } from '~/features/shell/outage-notice';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Sale complete' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sale = await readSellerSale(request, context, params.vrm);
  // The platform down: the page says so in its frame (docs/decisions/026).
  if (sale.outage) return degraded({ amount: null, dealer: null, paidAt: null, outage: sale.outage });
  if (!sale.sale?.paidAt || !sale.sale.offer) throw redirect(`/${sale.vrm}`);
  return { amount: sale.sale.offer.amount, dealer: sale.sale.offer.dealer.name, paidAt: sale.sale.paidAt, outage: null };
}

export default function SaleComplete() {
  const { amount, dealer, paidAt, outage } = useLoaderData<typeof loader>();
  if (amount === null || outage) return <OutagePage title="Sale complete" titleId="complete-title" message={outage?.message ?? ''} />;
  return (
    <>
      <section className="card" aria-labelledby="complete-title">
        <h2 id="complete-title">Sale complete</h2>
        <p className="big" data-testid="paid-amount">
          {formatPounds(amount)}
        </p>
        <p>
          {dealer} collected your car and paid you on {formatDate(paidAt)}. Thank you for selling with us.
        </p>
        <p className="muted">Remember to tell DVLA you have sold it, and to cancel your insurance and road tax.</p>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
