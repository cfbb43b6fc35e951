import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Outlet, useLoaderData, useMatches } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { ProgressTimeline } from '~/features/sale/progress-timeline.server';
import { ServerMarkup } from '~/lib/server-markup';
import { markupNow } from '~/lib/server-markup.server';
import { readSellerSale, saleProgress } from '~/features/sale/seller-sale.server';
import { readOrOutage } from '~/lib/failures.server';

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
  const progress = sale.outage ? null : await readOrOutage(() => saleProgress(context, sale), context.config.brandName);
  const steps = progress?.value ?? null;
  return { timeline: steps ? markupNow(ProgressTimeline, { steps }) : null };
}

export default function SaleSteps() {
  const { timeline } = useLoaderData<typeof loader>();
  const step = useMatches().at(-1)?.handle as { saleProgress?: boolean } | undefined;
  return (
    <>
      <Outlet />
      {timeline && step?.saleProgress !== false ? (
        <ServerMarkup id="progress-timeline" as="section" className="card" aria-labelledby="progress-title" markup={timeline} />
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
