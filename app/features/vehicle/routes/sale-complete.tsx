import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { formatDate, formatPounds } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { loadSellerSale } from '~/features/vehicle/seller-sale.server';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Sale complete' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sale = await loadSellerSale(request, context, params.vrm);
  if (!sale.sale?.paidAt || !sale.sale.offer) throw redirect(`/${sale.vrm}`);
  return { amount: sale.sale.offer.amount, dealer: sale.sale.offer.dealer.name, paidAt: sale.sale.paidAt };
}

export default function SaleComplete() {
  const { amount, dealer, paidAt } = useLoaderData<typeof loader>();
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
