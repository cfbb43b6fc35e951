import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { profileAction, profileStepLoader } from '~/features/vehicle/profile.server';
import { ProfileStep, SaveButton, yesNo } from '~/features/vehicle/profile-step';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { formatPounds } from '~/lib/format';

/** `/{vrm}/profile/finance`: finance outstanding on the car, and whose. */
export { ErrorBoundary, handle, meta } from '~/features/vehicle/profile-step';
export const loader = (args: LoaderFunctionArgs) => profileStepLoader(args, 'finance');
export const action = profileAction;

export default function ProfileFinance() {
  const { profile } = useLoaderData<typeof loader>();
  const sent = useFormReply(useActionData<typeof action>());
  const finance = profile?.finance;
  const outstanding = sent.replied ? yesNo(sent.value('outstanding')) : finance?.outstanding;
  const lender = sent.replied ? (sent.value('lender') ?? '') : (finance?.lender ?? '');
  const settlement = sent.replied ? (sent.value('settlement') ?? '') : finance?.settlement ? formatPounds(finance.settlement) : '';
  return (
    <ProfileStep title="Finance" sent={sent}>
      <Form method="post">
        <h2 id="step-title">Finance</h2>
        <fieldset>
          <legend>Is there finance outstanding on the car?</legend>
          <div className="choices">
            <label>
              <input type="radio" name="outstanding" value="no" defaultChecked={outstanding === false} required /> No
            </label>
            <label>
              <input type="radio" name="outstanding" value="yes" defaultChecked={outstanding === true} /> Yes: we settle it with your lender
              from the sale price
            </label>
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor="lender">Lender (if there is finance)</label>
          <input className="input" id="lender" name="lender" defaultValue={lender} />
        </div>
        <div className="field">
          <label htmlFor="settlement">Settlement figure, in pounds (if there is finance)</label>
          <input className="input" id="settlement" name="settlement" inputMode="numeric" defaultValue={settlement} />
        </div>
        <SaveButton intent="finance" />
      </Form>
    </ProfileStep>
  );
}
