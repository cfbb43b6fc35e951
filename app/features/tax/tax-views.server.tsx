import { Fragment } from 'react';
import type { VehicleTax } from '../../../contract/tax';
import { fuelName, formatDate, formatNumber, sentenceCase } from '~/lib/format';
import type { ToolViews } from '~/features/tools/registration-tool';
import { costText, GOV_UK_RATES_URL, ratesText, statusText } from '~/features/tax/tax-text';

/** The car tax check's views: server markup (ToolViews), so tax-text.ts stays out of the pages' scripts. */
export const taxViews: ToolViews<VehicleTax> = { About: TaxCheckAbout, Result: TaxResults };

/** What the check tells you, under the form. */
function TaxCheckAbout() {
  return (
    <section className="card" aria-labelledby="tax-check-what">
      <h2 id="tax-check-what">What the check tells you</h2>
      <ul>
        <li>Whether the vehicle is taxed, untaxed or declared off the road (SORN), and when its tax is due.</li>
        <li>How it is taxed: by engine size, CO2 band or the standard rate, depending on when it was first registered.</li>
        <li>What it costs a year, at the rates GOV.UK publishes, and whether the expensive car supplement could apply.</li>
        <li>Whether a classic can be taxed in the historic class, at no cost.</li>
      </ul>
    </section>
  );
}

function TaxResults({ result: tax }: { result: VehicleTax }) {
  const status = statusText(tax);
  const cost = costText(tax);
  const facts: [string, string][] = [
    ['Vehicle', `${tax.make} ${tax.model}`],
    ['Colour', sentenceCase(tax.colour)],
    ['Fuel', fuelName(tax.fuel)],
    ['First registered', formatDate(tax.firstRegistered)],
  ];
  if (tax.engineCapacity !== null) facts.push(['Engine', `${formatNumber(tax.engineCapacity)} cc`]);
  if (tax.co2Emissions !== null) facts.push(['CO2', `${tax.co2Emissions} g/km`]);

  return (
    <div className="stack">
      <section className="card" aria-labelledby="tax-check-title">
        <p className="muted small">Car tax check</p>
        <h1 id="tax-check-title">
          Tax for <span className="reg">{tax.vrmPretty}</span>
        </h1>
        <dl className="facts">
          {facts.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      </section>

      <section className={`panel${status.ok ? ' info' : ''}`} aria-labelledby="tax-status-title" data-testid="tax-status">
        <h2 id="tax-status-title">{status.title}</h2>
        {status.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>

      <section className="card" aria-labelledby="tax-cost-title" data-testid="tax-cost">
        <h2 id="tax-cost-title">What it costs to tax</h2>
        {/* An amount stands out; a description of a rate reads as text. */}
        {cost.headline.startsWith('£') ? (
          <p className="big">{cost.headline}</p>
        ) : (
          <p>
            <strong>{cost.headline}</strong>
          </p>
        )}
        {cost.basis.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {cost.payments ? (
          <dl className="facts section">
            {cost.payments.map((row) => (
              <Fragment key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.amount}</dd>
              </Fragment>
            ))}
          </dl>
        ) : null}
        {cost.notes.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {cost.unconfirmed ? (
          <p>
            {cost.unconfirmed} <a href={GOV_UK_RATES_URL}>GOV.UK: vehicle tax rates</a>
          </p>
        ) : null}
        <div className="sources">
          {/* Which year's rates: said wherever an amount is shown. */}
          {cost.payments === null
            ? null
            : ratesText(tax.rates).map((line) => (
                <p key={line} data-testid="tax-rates-year">
                  {line}
                </p>
              ))}
          <p>Sources:</p>
          <ul className="sources-list">
            {tax.rates.sources.map((source) => (
              <li key={source.url}>
                <a href={source.url}>{source.title}</a> (checked {formatDate(source.checked)})
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
}
