import { groupDefects, MOT_RULES, type MotCheck } from '../../../contract/mot';
import { formatDate, formatMiles } from '~/lib/format';
import { mileageChart } from '~/features/mot/mot-chart';

const number = new Intl.NumberFormat('en-GB');

function days(n: number): string {
  return `${number.format(n)} ${n === 1 ? 'day' : 'days'}`;
}

/** The verdict at the top of the results: valid, run out, not needed yet, or not needed at all. */
export function MotStatus({ check }: { check: MotCheck }) {
  const latest = check.tests[0];
  const dangerous = latest?.testResult === 'FAILED' && latest.defects.some((d) => d.dangerous);
  switch (check.status) {
    case 'valid':
      return (
        <section className="mot-status ok" aria-labelledby="mot-status-title" data-testid="mot-status">
          <h2 id="mot-status-title">MOT valid until {formatDate(check.expiryDate!)}</h2>
          <p>
            {check.daysLeft === 0 ? 'It runs out today.' : `${days(check.daysLeft!)} left.`}{' '}
            {check.daysLeft! <= 31 ? MOT_RULES.earlyTestNote : null}
          </p>
          {latest?.testResult === 'FAILED' ? <p>The latest test failed: the faults listed below need putting right.</p> : null}
        </section>
      );
    case 'expired':
      return (
        <section className="mot-status bad" aria-labelledby="mot-status-title" data-testid="mot-status">
          <h2 id="mot-status-title">MOT expired{check.expiryDate ? ` on ${formatDate(check.expiryDate)}` : ''}</h2>
          {latest?.testResult === 'FAILED' ? (
            <p>
              The latest test, on {formatDate(latest.completedDate)}, failed{dangerous ? ' with a dangerous defect' : ''}, and there has
              been no pass since.
            </p>
          ) : null}
          <p>The vehicle needs a new MOT before it can be used on the road.</p>
        </section>
      );
    case 'not-due-yet':
      return (
        <section className="mot-status ok" aria-labelledby="mot-status-title" data-testid="mot-status">
          <h2 id="mot-status-title">No MOT needed yet</h2>
          <p>
            New vehicles have their first MOT by the third anniversary of their registration: this one by {formatDate(check.dueDate!)}.
            Until then there is no MOT history to show.
          </p>
        </section>
      );
    case 'exempt':
      return (
        <section className="mot-status ok" aria-labelledby="mot-status-title" data-testid="mot-status">
          <h2 id="mot-status-title">MOT exempt</h2>
          <p>
            Vehicles first registered more than {MOT_RULES.exemptAfterYears} years ago do not need an MOT, unless they have been
            substantially changed. It still has to be kept roadworthy.{check.tests.length ? ' Its earlier tests are below.' : ''}
          </p>
        </section>
      );
    default:
      return (
        <section className="mot-status bad" aria-labelledby="mot-status-title" data-testid="mot-status">
          <h2 id="mot-status-title">No MOT on record</h2>
          <p>
            We could not find an MOT test for this vehicle, though it is old enough to need one. Vehicles tested in Northern Ireland are
            recorded separately.
          </p>
        </section>
      );
  }
}

/** Clocking and kilometre warnings, each with what it means for a buyer or seller. */
export function MotWarnings({ check }: { check: MotCheck }) {
  const { clocking, kilometres } = check.warnings;
  if (!clocking.length && !kilometres) return null;
  return (
    <>
      {clocking.length ? (
        <section className="panel" aria-labelledby="clocking-title" data-testid="clocking-warning">
          <h2 id="clocking-title">The mileage went down</h2>
          <ul>
            {clocking.map((c) => (
              <li key={c.date}>
                On {formatDate(c.date)} the reading was {formatMiles(c.miles)}, lower than {formatMiles(c.previousMiles)} on{' '}
                {formatDate(c.previousDate)}.
              </li>
            ))}
          </ul>
          <p>
            A reading that goes down can mean the odometer was wound back (clocking), a replaced instrument cluster, or a typing slip at the
            test. Ask for service records that show the mileage.
          </p>
        </section>
      ) : null}
      {kilometres ? (
        <section className="panel info" aria-labelledby="km-title" data-testid="km-warning">
          <h2 id="km-title">Readings in kilometres</h2>
          <p>
            Some tests recorded the odometer in kilometres, usual for an imported vehicle. We show each reading as recorded and in miles,
            and chart them in miles.
          </p>
        </section>
      ) : null}
    </>
  );
}

/** The readings as an SVG chart drawn on the server, and the same figures as a table for screen readers. */
export function MileageChartView({ check }: { check: MotCheck }) {
  if (!check.readings.length) return null;
  const chart = mileageChart(check.readings);
  const { plot } = chart;
  return (
    <section className="card" aria-labelledby="mileage-title">
      <h2 id="mileage-title">Mileage over time</h2>
      <svg
        className="mileage-chart"
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        aria-hidden="true"
        focusable="false"
        data-testid="mileage-chart"
      >
        {chart.yTicks.map((t) => (
          <g key={t.value}>
            <line x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} stroke="#d7dde5" />
            <text x={plot.left - 6} y={t.y + 4} textAnchor="end" fontSize="11" fill="#4a5568">
              {t.label}
            </text>
          </g>
        ))}
        {chart.xTicks.map((t) => (
          <text key={t.label} x={t.x} y={plot.bottom + 18} textAnchor="middle" fontSize="11" fill="#4a5568">
            {t.label}
          </text>
        ))}
        <polyline points={chart.line} fill="none" stroke="#0b5d4f" strokeWidth="2.5" strokeLinejoin="round" />
        {chart.points.map((p) => (
          <circle
            key={p.reading.date}
            cx={p.x}
            cy={p.y}
            r={p.reading.dropped ? 6 : 4}
            fill={p.reading.dropped ? '#b42318' : '#0b5d4f'}
            stroke="#fff"
            strokeWidth="1.5"
          />
        ))}
      </svg>
      {check.warnings.clocking.length ? <p className="muted">Red points are readings lower than an earlier one.</p> : null}
      <table className="sr-only">
        <caption>Odometer readings at each MOT test</caption>
        <thead>
          <tr>
            <th scope="col">Test date</th>
            <th scope="col">Reading</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {check.readings.map((r) => (
            <tr key={r.date}>
              <td>{formatDate(r.date)}</td>
              <td>{r.unit === 'KM' ? `${number.format(r.value)} km (${formatMiles(r.miles)})` : formatMiles(r.miles)}</td>
              <td>{r.dropped ? 'Lower than an earlier reading' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Every test, newest first: result, date, reading, expiry and the defects by severity. */
export function MotTests({ check }: { check: MotCheck }) {
  if (!check.tests.length) return null;
  return (
    <section aria-labelledby="tests-title" className="stack">
      <h2 id="tests-title">Every MOT test ({check.tests.length})</h2>
      {check.tests.map((t) => {
        const groups = groupDefects(t.defects);
        const headingId = `test-${t.motTestNumber}`;
        return (
          <article key={t.motTestNumber} className="card mot-test" aria-labelledby={headingId} data-testid="mot-test">
            <h3 id={headingId}>
              <span className={`result ${t.testResult === 'PASSED' ? 'pass' : 'fail'}`}>
                {t.testResult === 'PASSED' ? 'Passed' : 'Failed'}
              </span>{' '}
              {formatDate(t.completedDate)}
            </h3>
            <dl className="facts">
              <dt>Mileage</dt>
              <dd>
                {t.odometerResultType !== 'READ' || t.odometerValue === null
                  ? 'Not read'
                  : t.odometerUnit === 'KM'
                    ? `${number.format(t.odometerValue)} km (${formatMiles(Math.round(t.odometerValue / 1.609344))})`
                    : formatMiles(t.odometerValue)}
              </dd>
              {t.expiryDate ? (
                <>
                  <dt>Expiry</dt>
                  <dd>{formatDate(t.expiryDate)}</dd>
                </>
              ) : null}
              <dt>Test number</dt>
              <dd>{t.motTestNumber}</dd>
            </dl>
            {groups.length ? (
              groups.map((g) => (
                <div key={g.key} className={`defects ${g.key}`}>
                  <h4>
                    {g.title} ({g.items.length})
                  </h4>
                  <ul>
                    {g.items.map((text, i) => (
                      <li key={i}>{text}</li>
                    ))}
                  </ul>
                </div>
              ))
            ) : (
              <p className="muted">No defects or advisories.</p>
            )}
          </article>
        );
      })}
    </section>
  );
}

export function MotSources() {
  return (
    <p className="muted small">
      MOT rules from{' '}
      {MOT_RULES.sources.map((s, i) => (
        <span key={s.url}>
          {i ? ' and ' : ''}
          <a href={s.url}>{s.title}</a>
        </span>
      ))}{' '}
      (checked {MOT_RULES.sources[0].checked}). MOT records as held by DVSA.
    </p>
  );
}
