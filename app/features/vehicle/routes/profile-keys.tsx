import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { profileAction, profileStepLoader } from '~/features/vehicle/profile.server';
import { ProfileStep, SaveButton } from '~/features/vehicle/profile-step';
import { useFormReply } from '~/lib/forms/use-form-reply';

/** `/{vrm}/profile/keys`: how many keys come with the car. */
export { ErrorBoundary, handle, meta } from '~/features/vehicle/profile-step';
export const loader = (args: LoaderFunctionArgs) => profileStepLoader(args, 'keys');
export const action = profileAction;

export default function ProfileKeys() {
  const { profile } = useLoaderData<typeof loader>();
  const sent = useFormReply(useActionData<typeof action>());
  const keys = sent.replied ? Number(sent.value('keys')) : profile?.keys;
  return (
    <ProfileStep title="Keys" sent={sent}>
      <Form method="post">
        <h2 id="step-title">Keys</h2>
        <fieldset>
          <legend>How many keys do you have?</legend>
          <div className="choices">
            {[1, 2, 3].map((n) => (
              <label key={n}>
                <input type="radio" name="keys" value={n} defaultChecked={keys === n} required /> {n === 3 ? '3 or more' : n}
              </label>
            ))}
          </div>
        </fieldset>
        <SaveButton intent="keys" />
      </Form>
    </ProfileStep>
  );
}
