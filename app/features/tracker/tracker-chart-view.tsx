import type { TrackerValuation } from '../../../contract/trackers';
import { formatNumber, formatPounds } from '~/lib/format';
import { chartGeometry, monthLabel } from '~/features/tracker/tracker-chart';

/**
 * The car's value over time as an SVG drawn on the server: it shows without JavaScript, and the
 * same figures follow in a table for screen readers (and anyone who wants them exact).
 */
export function TrackerChart({ valuations, caption }: { valuations: TrackerValuation[]; caption: string }) {
  const g = chartGeometry(valuations);
  const last = g.points[g.points.length - 1];
  return (
    <figure className="stack tracker-figure">
      <svg className="tracker-chart" viewBox={`0 0 ${g.width} ${g.height}`} role="img" aria-labelledby="tracker-chart-caption">
        {g.yTicks.map((t) => (
          <g key={t.value}>
            <line x1={g.plot.left} x2={g.plot.right} y1={t.y} y2={t.y} stroke="#d7dde5" strokeWidth="1" />
            <text x={g.plot.left - 6} y={t.y + 4} textAnchor="end">
              {formatPounds(t.value)}
            </text>
          </g>
        ))}
        {g.xLabels.map((l) => (
          // The first and last labels sit at the plot's edges: anchored inwards, they stay inside it.
          <text
            key={l.month}
            x={l.x}
            y={g.height - 8}
            textAnchor={l.x >= g.plot.right - 1 ? 'end' : l.x <= g.plot.left + 1 ? 'start' : 'middle'}
          >
            {monthLabel(l.month)}
          </text>
        ))}
        {g.area ? <path d={g.area} fill="#0b5d4f" fillOpacity="0.1" /> : null}
        {g.line ? <path d={g.line} fill="none" stroke="#0b5d4f" strokeWidth="2.5" strokeLinejoin="round" /> : null}
        {last ? <circle cx={last.x} cy={last.y} r="4.5" fill="#0b5d4f" /> : null}
      </svg>
      <figcaption id="tracker-chart-caption" className="small muted">
        {caption}
      </figcaption>
      <details>
        <summary>The values month by month</summary>
        <table className="small">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Value</th>
              <th scope="col">Mileage</th>
            </tr>
          </thead>
          <tbody>
            {[...valuations].reverse().map((v) => (
              <tr key={v.month}>
                <th scope="row">{monthLabel(v.month, true)}</th>
                <td>{formatPounds(v.price)}</td>
                <td>{formatNumber(v.mileage)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
