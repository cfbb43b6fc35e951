import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { MotSources } from '~/features/mot/mot';
import { VrmForm } from '~/features/shell/vrm-form';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { LookupSchema } from '~/lib/forms/validation';

// A public page the same for everyone: cacheable, indexable, in the sitemap.
export const handle = routeFlags({ cache: true });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Free MOT check',
    description: "Check any vehicle's MOT status and full MOT history: every test, defects, mileage and warnings, free.",
  });

/**
 * The MOT check's form (spec 2 §2.1). It only checks the registration's shape and moves on: the
 * results live at an address of their own, /mot-check/results?vrm=…, so they can be bookmarked,
 * shared and reloaded, and that page shows the check's error panels with the registration kept.
 */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: LookupSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  throw redirect(`/mot-check/results?vrm=${encodeURIComponent(submission.value.vrm)}`, 303);
}

export default function MotCheckPage() {
  const lastResult = useActionData<typeof action>();
  return (
    <div className="stack">
      <section className="hero" aria-labelledby="mot-check-title">
        <h1 id="mot-check-title">MOT check</h1>
        <p className="strap">Check any car, van or motorcycle's MOT status and history for free: every test, its defects and the mileage recorded.</p>
        <VrmForm id="mot-check" action="/mot-check" lastResult={lastResult} buttonLabel="Check MOT" />
      </section>
      <MotCheckAbout />
    </div>
  );
}

export function MotCheckAbout() {
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
