import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { OutageNotice, OutagePage } from '~/features/shell/outage-notice';
import { profileAction, profileTimelineLoader } from '~/features/vehicle/profile.server';
import { TimelineSteps } from '~/features/vehicle/profile-views.server';
import { FormErrors } from '~/lib/forms/form-parts';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { ServerMarkup } from '~/lib/server-markup';

/**
 * `/{vrm}/profile` and `/{vrm}/profile/timeline`: the profile's steps, done or to do, and the way
 * into the next sale once every one is done. Any other address under the profile is no step: the
 * loader answers it with the 404 page.
 */
export { ErrorBoundary, handle, meta } from '~/features/vehicle/profile-step';
export const loader = profileTimelineLoader;
export const action = profileAction;

export default function ProfileTimeline() {
  const { vrm, profile: saved, eligible, dealerNetwork, markup, outage } = useLoaderData<typeof loader>();
  const sent = useFormReply(useActionData<typeof action>());
  if (outage && !sent.replied) return <OutagePage title="Your vehicle profile" titleId="step-title" message={outage.message} />;
  // During an outage the seller pressed 'Enter the next sale' on a complete profile: that form comes back.
  const canEnter = saved ? saved.complete && eligible : sent.value('intent') === 'enter-sale';
  return (
    <section className="card" aria-labelledby="profile-title">
      <h2 id="profile-title">Your vehicle profile</h2>
      <p>Dealers bid on what you tell them here. An honest profile is what keeps your price at collection.</p>
      <FormErrors errors={sent.formErrors} />
      {outage ? <OutageNotice message={outage.message} sent /> : null}
      <ServerMarkup id="profile-steps" markup={markup} render={() => <TimelineSteps vrm={vrm} profile={saved} />} />
      {canEnter ? (
        <Form method="post">
          <p>Your profile is complete. Your car goes into the next daily sale, where {dealerNetwork} dealers compete.</p>
          <button className="btn" type="submit" name="intent" value="enter-sale">
            Enter the next sale
          </button>
        </Form>
      ) : (
        <p className="muted">Finish every step to enter the next daily sale.</p>
      )}
    </section>
  );
}
