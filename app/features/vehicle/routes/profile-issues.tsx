import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { profileAction, profileStepLoader } from '~/features/vehicle/profile.server';
import { ProfileStep, SaveButton, yesNo } from '~/features/vehicle/profile-step';
import { useFormReply } from '~/lib/forms/use-form-reply';

/** `/{vrm}/profile/issues`: whether the car has damage or faults, and which kinds (their details are the next page). */
export { ErrorBoundary, handle, meta } from '~/features/vehicle/profile-step';
export const loader = (args: LoaderFunctionArgs) => profileStepLoader(args, 'issues');
export const action = profileAction;

export default function ProfileIssues() {
  const { profile, choices } = useLoaderData<typeof loader>();
  const sent = useFormReply(useActionData<typeof action>());
  const kinds = new Set<string>(sent.replied ? sent.values('kinds') : profile?.issues?.items.map((i) => i.kind));
  const declared = sent.replied ? yesNo(sent.value('declared')) : profile?.issues?.declared;
  return (
    <ProfileStep title="Damage and faults" sent={sent}>
      <Form method="post">
        <h2 id="step-title">Damage and faults</h2>
        <p>Declared damage can never be used to cut your price at collection. Undeclared damage can.</p>
        <fieldset>
          <legend>Does the car have any damage or faults?</legend>
          <div className="choices">
            <label>
              <input type="radio" name="declared" value="no" defaultChecked={declared === false} required /> No
            </label>
            <label>
              <input type="radio" name="declared" value="yes" defaultChecked={declared === true} /> Yes
            </label>
          </div>
        </fieldset>
        <fieldset>
          <legend>If yes, which?</legend>
          <div className="choices">
            {Object.entries(choices.kinds).map(([value, label]) => (
              <label key={value}>
                <input type="checkbox" name="kinds" value={value} defaultChecked={kinds.has(value)} /> {label}
              </label>
            ))}
          </div>
        </fieldset>
        <SaveButton intent="issues" />
      </Form>
    </ProfileStep>
  );
}
