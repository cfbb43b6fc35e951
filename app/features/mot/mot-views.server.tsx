import { formatDate, fuelName, sentenceCase } from '~/lib/format';
import type { ToolViews } from '~/features/tools/registration-tool';
import { MileageChartView, MotSources, MotStatus, MotTests, MotWarnings } from './mot';
import type { MotResult } from './mot-tool';

/**
 * The MOT check's views: server markup (ToolViews), so the check's rules and words stay out of the
 * pages' scripts.
 */
export const motViews: ToolViews<MotResult> = {
  About: MotCheckAbout,
  Result: MotResultView,
  ResultEnd: ({ result }) => <MotTests check={result.check} />,
  AfterAnother: MotSources,
};

function MotCheckAbout() {
  return (
    <section className="card" aria-labelledby="mot-about-title">
      <h2 id="mot-about-title">What the MOT check shows</h2>
      <ul>
        <li>Whether the MOT is valid, and when it runs out</li>
        <li>Every test with its result, mileage and defects: dangerous, major, minor and advisory</li>
        <li>The mileage over time, with a warning when a reading goes down</li>
        <li>Free e-mail reminders before the MOT runs out</li>
      </ul>
      <MotSources />
    </section>
  );
}

/** One vehicle's MOT: its status, warnings and mileage; then the reminders' form; then every test (MotResultEnd). */
function MotResultView({ result: { check } }: { result: MotResult }) {
  const facts = [check.make, check.model].join(' ');
  return (
    <>
      <header className="card" aria-labelledby="mot-results-title">
        <h1 id="mot-results-title">
          MOT history of <span className="reg">{check.vrmPretty}</span>
        </h1>
        <p>
          {facts}, {sentenceCase(check.colour).toLowerCase()}, {fuelName(check.fuelType).toLowerCase()}. First registered{' '}
          {formatDate(check.firstUsedDate)}.
        </p>
      </header>
      <MotStatus check={check} />
      <MotWarnings check={check} />
      <MileageChartView check={check} />
    </>
  );
}
