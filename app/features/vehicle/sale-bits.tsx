import { Link } from '@remix-run/react';
import { PRICE_RULES } from '../../../contract/sale';
import type { ProgressStep } from '../../../contract/progress';

/** Where the sale is, what happens next, and by when: on every page after the offer is accepted. */
export function ProgressTimeline({ steps }: { steps: ProgressStep[] }) {
  return (
    <section className="card" aria-labelledby="progress-title">
      <h2 id="progress-title">Your sale, step by step</h2>
      <ol className="timeline">
        {steps.map((step) => (
          <li key={step.id} className={step.state} aria-current={step.state === 'current' ? 'step' : undefined}>
            <span className="marker" aria-hidden="true">
              {step.state === 'done' ? '✓' : ''}
            </span>
            <div>
              <strong>{step.state === 'current' && step.href ? <Link to={step.href}>{step.title}</Link> : step.title}</strong>
              <span className="sr-only"> ({step.state === 'done' ? 'done' : step.state === 'current' ? 'next' : 'to come'})</span>
              <p className="muted">{step.detail}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The published rules of what can and cannot change the price at collection. */
export function PriceRules() {
  return (
    <section className="card" aria-labelledby="price-rules-title">
      <h2 id="price-rules-title">What can change the price at collection</h2>
      <p>The dealer checks the car against your profile and photos. Only these can change the price:</p>
      <ul>
        {PRICE_RULES.can.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <p>These never can:</p>
      <ul>
        {PRICE_RULES.cannot.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}
