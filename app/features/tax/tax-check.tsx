import type { SubmissionResult } from '@conform-to/react';
import { Fragment } from 'react';
import type { LookupErrorCode } from '../../../contract/vehicles';
import type { VehicleTax } from '../../../contract/tax';
import { formatVrm } from '../../../contract/vrm';
import { LookupErrorPanelView } from '../entry/lookup-error-panel';
import { VrmForm } from '../shell/vrm-form';
import { fuelName, formatDate, formatNumber, sentenceCase } from '~/lib/format';
import { lookupErrorPanel } from '~/features/entry/lookup-errors';
import { costText, GOV_UK_RATES_URL, ratesText, statusText } from '~/features/tax/tax-text';

/** The tool's one-line introduction, on the form and above a result. */
export const TAX_CHECK_INTRO = 'Is it taxed, when is the tax due, and what does it cost? Enter a registration to find out.';

export const TAX_CHECK_ACTION = '/car-tax-check';
export const TAX_CHECK_BUTTON = 'Check tax';

/** The tool's form: the hero's registration field, its panels for a failed check, its own button. */
export function TaxCheckHero({
  title,
  text,
  error,
  lastResult,
  brandName,
}: {
  title: string;
  text: string;
  error?: { code: LookupErrorCode; vrm: string } | null;
  lastResult?: SubmissionResult<string[]> | null;
  brandName: string;
}) {
  const panel = error ? lookupErrorPanel(error.code, formatVrm(error.vrm), brandName) : null;
  return (
    <section className="hero" aria-labelledby="tax-check-title">
      <h1 id="tax-check-title">{title}</h1>
      <p className="strap">{text}</p>
      {panel && error ? <LookupErrorPanelView panel={panel} vrm={error.vrm} action={TAX_CHECK_ACTION} /> : null}
      <VrmForm
        id="tax-check"
        action={TAX_CHECK_ACTION}
        defaultVrm={error?.vrm}
        lastResult={lastResult}
        buttonLabel={panel?.wrongReg ? 'Check again' : TAX_CHECK_BUTTON}
      />
    </section>
  );
}

export function TaxResults({ tax }: { tax: VehicleTax }) {
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
