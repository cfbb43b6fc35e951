import type { ProgressStep } from '../../../contract/progress';

/**
 * Where the sale is, what happens next, and by when: on every page after the offer is accepted.
 * Server markup (ADR 025): the sale steps' layout sends it rendered, so no page's scripts carry it.
 */
export function ProgressTimeline({ steps }: { steps: ProgressStep[] }) {
  return (
    <>
      <h2 id="progress-title">Your sale, step by step</h2>
      <ol className="timeline">
        {steps.map((step) => (
          <li key={step.id} className={step.state} aria-current={step.state === 'current' ? 'step' : undefined}>
            <span className="marker" aria-hidden="true">
              {step.state === 'done' ? '✓' : ''}
            </span>
            <div>
              <strong>{step.state === 'current' && step.href ? <a href={step.href}>{step.title}</a> : step.title}</strong>
              <span className="sr-only"> ({step.state === 'done' ? 'done' : step.state === 'current' ? 'next' : 'to come'})</span>
              <p className="muted">{step.detail}</p>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
