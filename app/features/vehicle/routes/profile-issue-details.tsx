import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import type { IssueKind } from '../../../../contract/sale';
import { profileAction, profileStepLoader } from '~/features/vehicle/profile.server';
import { ProfileStep, SaveButton } from '~/features/vehicle/profile-step';
import { useFormReply } from '~/lib/forms/use-form-reply';

/** `/{vrm}/profile/issues/details`: a few words for dealers on each kind of damage declared. */
export { ErrorBoundary, handle, meta } from '~/features/vehicle/profile-step';
export const loader = (args: LoaderFunctionArgs) => profileStepLoader(args, 'issue-details');
export const action = profileAction;

export default function ProfileIssueDetails() {
  const { profile, choices } = useLoaderData<typeof loader>();
  const sent = useFormReply(useActionData<typeof action>());
  // While the platform is down the saved kinds are unknown (docs/decisions/026): the form comes back
  // with the kinds whose details were sent.
  const items = profile
    ? (profile.issues?.items ?? [])
    : (Object.keys(choices.kinds) as IssueKind[])
        .filter((kind) => sent.value(`detail-${kind}`) !== undefined)
        .map((kind) => ({ kind, detail: '' }));
  return (
    <ProfileStep title="Tell dealers about the damage" sent={sent}>
      <Form method="post">
        <h2 id="step-title">Tell dealers about the damage</h2>
        {items.length === 0 ? <p>You have not declared any damage.</p> : null}
        {items.map((item) => (
          <div className="field" key={item.kind}>
            <label htmlFor={`detail-${item.kind}`}>{choices.kinds[item.kind]}</label>
            <textarea
              className="input"
              id={`detail-${item.kind}`}
              name={`detail-${item.kind}`}
              rows={3}
              defaultValue={sent.replied ? (sent.value(`detail-${item.kind}`) ?? '') : item.detail}
              maxLength={500}
            />
          </div>
        ))}
        <SaveButton intent="issue-details" />
      </Form>
    </ProfileStep>
  );
}
