import { Link } from '@remix-run/react';
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
