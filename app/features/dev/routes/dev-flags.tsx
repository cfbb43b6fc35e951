import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { OVERRIDABLE_FLAGS, type FeatureFlags } from '~/lib/env.server';
import { FLAG_INTENTS } from '~/features/dev/dev-forms.server';
import { invalid, parseIntent } from '~/lib/forms/form.server';
import { pageMeta } from '~/lib/meta';
import { flagOverridesCookie } from '~/lib/preferences.server';
import { routeFlags } from '~/lib/route-flags';

export const handle = routeFlags({ noRobots: true, noSitemap: true, hideVehicleLookup: true, hideReviews: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Feature flags (development)' });

const DESCRIPTIONS: Record<(typeof OVERRIDABLE_FLAGS)[number], string> = {
  hideSupportWidget: 'Hide the support chat',
  showWordpressRefactoringUpdates: 'Show the newer content-page layout',
};

/**
 * Development only (docs/behaviour/data.md#entities: feature flags can be overridden locally outside production): flags
 * set here live in a cookie of this browser. Production answers 404 and ignores the cookie.
 */
function requireDevelopment(environment: string) {
  if (environment === 'production') throw new Response('Not Found', { status: 404 });
}

export async function loader({ context }: LoaderFunctionArgs) {
  requireDevelopment(context.config.environment);
  const flags = context.config.featureFlags;
  return { flags: OVERRIDABLE_FLAGS.map((name) => ({ name, description: DESCRIPTIONS[name], on: flags[name] })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevelopment(context.config.environment);
  const { intent, submission } = parseIntent(await request.formData(), FLAG_INTENTS, 'save');
  if (submission.status !== 'success') return invalid(submission);
  const overrides: Partial<FeatureFlags> = {};
  if (intent === 'save') for (const name of OVERRIDABLE_FLAGS) overrides[name] = submission.value[name] === 'on';
  return redirect('/dev/flags', { status: 303, headers: { 'Set-Cookie': flagOverridesCookie(overrides) } });
}

export default function DevFlags() {
  const { flags } = useLoaderData<typeof loader>();
  return (
    <section className="card">
      <h1>Feature flags</h1>
      <p className="muted">Development only. What you set here applies to this browser.</p>
      <Form method="post">
        <fieldset>
          <legend className="sr-only">Flags</legend>
          {flags.map((flag) => (
            <div className="check field" key={flag.name}>
              <input type="checkbox" id={`flag-${flag.name}`} name={flag.name} defaultChecked={flag.on} />
              <label htmlFor={`flag-${flag.name}`}>
                {flag.description} <code>{flag.name}</code>
              </label>
            </div>
          ))}
        </fieldset>
        <div className="actions">
          <button className="btn" type="submit" name="intent" value="save">
            Save
          </button>
          <button className="btn secondary" type="submit" name="intent" value="reset">
            Back to the configured flags
          </button>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
