import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Outlet, useLoaderData, useMatches } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { ProgressTimeline } from '~/features/vehicle/sale-bits';
import { readSellerSale } from '~/features/vehicle/seller-sale.server';

/**
 * The layout of the sale's steps (`/{vrm}/accept-offer` to `/{vrm}/sale-complete`): it checks the
 * seller is signed in and that the car is theirs (or sends them to its vehicle page), loads their
 * sale (the steps' own loaders share that load: seller-sale.server.ts), and shows where the sale is
 * below the step once an offer is accepted. A step whose page says it another way opts out with
 * `handle.saleProgress = false`.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // During an outage the step says so itself (docs/decisions/026): no timeline rather than no page.
  const sale = await readSellerSale(request, context, params.vrm);
  return { progress: sale.outage ? null : sale.progress };
}

export default function SaleSteps() {
  const { progress } = useLoaderData<typeof loader>();
  const step = useMatches().at(-1)?.handle as { saleProgress?: boolean } | undefined;
  return (
    <>
      <Outlet />
      {progress && step?.saleProgress !== false ? <ProgressTimeline steps={progress} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
