import type { MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { OutageNotice, OutagePage } from '~/features/shell/outage-notice';
import { FormErrors } from '~/lib/forms/form-parts';
import type { useFormReply } from '~/lib/forms/use-form-reply';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';

/**
 * What the vehicle profile's pages share in the browser (`/{vrm}/profile/…`): a route module per
 * step, so that a page carries only its own step (profile.server.ts has their loaders and action).
 * The timeline lists the steps; each step is a plain form that saves and comes back to the
 * timeline. A complete profile enters the next sale.
 */

// The profile timeline owns the whole screen and its scroll (docs/behaviour/routes.md#vehicle-routes).
export const handle = routeFlags({ hideFooter: true, manageOwnScroll: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Your vehicle profile' });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** What a step's form came back with (useFormReply). */
export type Reply = ReturnType<typeof useFormReply>;

/**
 * A step's page: the way back to the timeline, the answer to a save that failed, then the step.
 * Opened while the platform is down (docs/decisions/026), only its title and why it shows no form:
 * a blank form where the seller's saved answers belong would read as answers lost. A form sent
 * during the outage comes back as the seller sent it, with the outage's line under its message.
 */
export function ProfileStep({
  title,
  sent,
  errors = sent.formErrors,
  children,
}: {
  title: string;
  sent: Reply;
  /** The errors above the step, when not only the whole form's. */
  errors?: string[];
  children: ReactNode;
}) {
  const { vrm, outage } = useLoaderData<{ vrm: string; outage: { message: string } | null }>();
  if (outage && !sent.replied) return <OutagePage title={title} titleId="step-title" message={outage.message} />;
  return (
    <section className="card" aria-labelledby="step-title">
      <p>
        <Link to={`/${vrm}/profile/timeline`}>Back to your profile</Link>
      </p>
      <FormErrors errors={errors} />
      {outage ? <OutageNotice message={outage.message} sent /> : null}
      {children}
    </section>
  );
}

/** A yes-or-no radio pair as sent: neither ticked is neither. */
export const yesNo = (value: string | undefined) => (value === 'yes' ? true : value === 'no' ? false : null);

export function SaveButton({ intent }: { intent: string }) {
  const navigation = useNavigation();
  return (
    <button className="btn" type="submit" name="intent" value={intent} aria-disabled={navigation.state === 'submitting' || undefined}>
      Save and continue
    </button>
  );
}
