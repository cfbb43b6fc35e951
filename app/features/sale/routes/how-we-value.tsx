import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { PriceRules } from '~/features/sale/price-rules';
import { readValuationAccuracy } from '~/features/sale/published.server';
import { accuracyWords } from '~/features/sale/published-words';
import { brandFrom, pageMeta } from '~/lib/meta';

/**
 * `/how-we-value`: how the instant valuation is made, how close it came to the prices sales
 * completed at last month (counted by the platform's Cron Trigger from the sales record), and the
 * published rules of what can change the price at collection (docs/behaviour/sale.md#how-we-value).
 */
export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'How we value your car',
    description: `How ${brandFrom(matches)} values a car, and how close the valuations came to the prices sales completed at last month.`,
  });

export async function loader({ context }: LoaderFunctionArgs) {
  // The figures are part of the page, not the page: without them it still explains the valuation.
  const accuracy = await readValuationAccuracy(context);
  return { accuracy: accuracy === 'unavailable' ? null : accuracyWords(accuracy, context.config.brandName) };
}

export default function HowWeValue() {
  const { accuracy } = useLoaderData<typeof loader>();
  return (
    <div className="stack">
      <section className="card" aria-labelledby="how-title">
        <h1 id="how-title">How we value your car</h1>
        <p>
          The instant valuation starts from the car&rsquo;s price when new and allows for its age, its mileage, its fuel and whether it is a
          car, a van or a motorcycle. The same car at the same mileage on the same day always gets the same figure.
        </p>
        <ul>
          <li>
            Age: a car loses up to a fifth of its price new in its first year, then about 14% of its value each year (vans and motorcycles
            about 12%), never falling below 6% of its price new. Cars 40 or more years old are valued as classics.
          </li>
          <li>
            Mileage: against the UK average of 7,400 miles a year, 5% off for every 10,000 miles above the average for the car&rsquo;s age
            and 3% on for every 10,000 below it, within limits.
          </li>
          <li>Fuel: diesel and electric cars are valued a little below petrol ones, hybrids a little above.</li>
          <li>No valuation is below £150, the car&rsquo;s value as scrap.</li>
        </ul>
        <p>
          The valuation is shown with a range from 6% below it to 6% above it. It is an estimate of what the car will fetch: the offer you
          get comes from the dealers who bid in the daily sale.
        </p>
      </section>
      <section className="card" aria-labelledby="accuracy-title" data-testid="valuation-accuracy">
        <h2 id="accuracy-title">How close the valuation came last month</h2>
        {accuracy ? (
          <>
            <p>{accuracy.summary}</p>
            {accuracy.figures.length ? (
              <ul>
                {accuracy.figures.map((figure) => (
                  <li key={figure.label}>
                    <strong>{figure.value}</strong> {figure.label}
                  </li>
                ))}
              </ul>
            ) : null}
            {accuracy.note ? <p>{accuracy.note}</p> : null}
          </>
        ) : (
          <p>We couldn&rsquo;t load last month&rsquo;s figures just now. Please try again later.</p>
        )}
        <p className="muted">
          For each car collected in the month, we compare the instant valuation with the price the sale completed at, as a share of that
          price. The median is the middle of those differences: half the sales came closer than it, half further away. The figures are
          counted each day for the previous calendar month.
        </p>
      </section>
      {/* The published rules and tariff every revised offer is held to (contract/price-rules.ts). */}
      <div id="price-rules">
        <PriceRules tariff />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
