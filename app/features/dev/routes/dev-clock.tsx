import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { ClockSchema } from '~/features/dev/dev-forms.server';
import { clockNow, followClock } from '~/lib/clock.server';
import { FormErrors } from '~/lib/forms/form-parts';
import { invalid, parseForm } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { endpoints } from '../../../../contract/endpoints';

export const handle = routeFlags({ noRobots: true, noSitemap: true, hideVehicleLookup: true, hideReviews: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Clock (development)' });

/**
 * Development and tests only: the product's clock (contract/clock.ts). Setting it or moving it on
 * moves the platform's clock and the app's together, so a sale, an offer's 48 hours or an MOT
 * reminder can be tried without waiting. Production answers 404.
 */
function requireDevelopment(environment: string) {
  if (environment === 'production') throw new Response('Not Found', { status: 404 });
}

export async function loader({ context }: LoaderFunctionArgs) {
  requireDevelopment(context.config.environment);
  const platform = await context.gateway.call(endpoints.dev.clock);
  return { app: clockNow().toISOString(), platform: platform.now, offsetMs: platform.offsetMs };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevelopment(context.config.environment);
  const submission = parseForm(await request.formData(), ClockSchema);
  if (submission.status !== 'success') return invalid(submission);
  const moved = await context.gateway.call(endpoints.dev.moveClock, { body: submission.value });
  followClock(moved.offsetMs);
  throw redirect('/dev/clock', 303);
}

export default function DevClock() {
  const { app, platform, offsetMs } = useLoaderData<typeof loader>();
  const form = useFormReply(useActionData<typeof action>());
  const days = offsetMs / 86_400_000;
  return (
    <section className="card stack">
      <h1>Clock (development)</h1>
      <p className="muted">Development only. Moves the time the whole product runs on: the platform and this app.</p>
      <dl className="stack">
        <div>
          <dt>Platform</dt>
          <dd data-testid="platform-time">{platform}</dd>
        </div>
        <div>
          <dt>App</dt>
          <dd data-testid="app-time">{app}</dd>
        </div>
        <div>
          <dt>Ahead of real time</dt>
          <dd>{Math.abs(days) < 1 ? `${Math.round(offsetMs / 1000)} seconds` : `${days.toFixed(2)} days`}</dd>
        </div>
      </dl>
      <FormErrors errors={form.formErrors} />
      <Form method="post" className="stack">
        <div className="field">
          <label htmlFor="clock-at">Set to (UTC)</label>
          <input className="input" id="clock-at" name="at" type="datetime-local" />
        </div>
        <button className="btn secondary" type="submit">
          Set the clock
        </button>
      </Form>
      <Form method="post" className="stack">
        <p>Move on by</p>
        <div className="actions">
          <button className="btn secondary" name="move" value="minute" type="submit">
            1 minute
          </button>
          <button className="btn secondary" name="move" value="hour" type="submit">
            1 hour
          </button>
          <button className="btn secondary" name="move" value="day" type="submit">
            1 day
          </button>
          <button className="btn secondary" name="move" value="48h" type="submit">
            48 hours
          </button>
          <button className="btn secondary" name="move" value="week" type="submit">
            1 week
          </button>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
