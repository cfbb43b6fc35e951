import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { profileAction, profileStepLoader } from '~/features/vehicle/profile.server';
import { ProfileStep, SaveButton } from '~/features/vehicle/profile-step';
import { useFormReply } from '~/lib/forms/use-form-reply';

/** `/{vrm}/profile/features`: the car's features and its service history. */
export { ErrorBoundary, handle, meta } from '~/features/vehicle/profile-step';
export const loader = (args: LoaderFunctionArgs) => profileStepLoader(args, 'features');
export const action = profileAction;

export default function ProfileFeatures() {
  const { profile, choices } = useLoaderData<typeof loader>();
  const sent = useFormReply(useActionData<typeof action>());
  const features = sent.replied ? sent.values('features') : (profile?.features ?? []);
  const serviceHistory = sent.replied ? sent.value('serviceHistory') : profile?.serviceHistory;
  return (
    <ProfileStep title="Features and service history" sent={sent}>
      <Form method="post">
        <h2 id="step-title">Features and service history</h2>
        <fieldset>
          <legend>Which of these does it have?</legend>
          <div className="choices">
            {choices.features.map((feature) => (
              <label key={feature}>
                <input type="checkbox" name="features" value={feature} defaultChecked={features.includes(feature)} /> {feature}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>Service history</legend>
          <div className="choices">
            {Object.entries(choices.serviceHistory).map(([value, label]) => (
              <label key={value}>
                <input type="radio" name="serviceHistory" value={value} defaultChecked={serviceHistory === value} required /> {label}
              </label>
            ))}
          </div>
        </fieldset>
        <SaveButton intent="features" />
      </Form>
    </ProfileStep>
  );
}
