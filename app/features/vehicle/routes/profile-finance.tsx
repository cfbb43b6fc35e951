import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { NOT_LISTED, profileAction, profileFinanceLoader } from '~/features/vehicle/profile.server';
import { ProfileStep, SaveButton, yesNo } from '~/features/vehicle/profile-step';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { formatPounds } from '~/lib/format';

/**
 * `/{vrm}/profile/finance`: finance outstanding on the car, and whose. The seller finds their lender
 * with a plain GET search (its field and button belong to the search form by their `form`
 * attribute, so they sit in the step's own form's place without nesting forms), chooses it and
 * consents to our asking it for the settlement figure; a lender not in the list keeps the typed
 * lender and figure, which we do not ask the lender for.
 */
export { ErrorBoundary, handle, meta } from '~/features/vehicle/profile-step';
export const loader = (args: LoaderFunctionArgs) => profileFinanceLoader(args);
export const action = profileAction;

const SEARCH_FORM = 'lender-search-form';

export default function ProfileFinance() {
  const { vrm, profile, lenders, search, searched, consentWording } = useLoaderData<typeof loader>();
  const sent = useFormReply(useActionData<typeof action>());
  const finance = profile?.finance;
  // A search says the seller has finance: its answer comes back with "Yes" chosen.
  const outstanding = sent.replied ? yesNo(sent.value('outstanding')) : searched ? true : finance?.outstanding;
  const savedChoice = finance?.outstanding ? (finance.lenderId ?? (finance.lender ? NOT_LISTED : '')) : '';
  const chosen = sent.replied ? (sent.value('lenderId') ?? '') : searched ? (lenders.length === 1 ? lenders[0]!.id : '') : savedChoice;
  const lender = sent.replied ? (sent.value('lender') ?? '') : finance?.lenderId ? '' : (finance?.lender ?? '');
  const settlement = sent.replied ? (sent.value('settlement') ?? '') : finance?.settlement ? formatPounds(finance.settlement) : '';
  const consentErrors = sent.errors('consent');
  return (
    <ProfileStep title="Finance" sent={sent}>
      <Form method="get" id={SEARCH_FORM} action={`/${vrm}/profile/finance`} />
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
        <fieldset>
          <legend>Your lender (if there is finance)</legend>
          <div className="field">
            <label htmlFor="lender-search">Find your lender by name</label>
            <span className="hint" id="lender-search-hint">
              For example Black Horse, MotoNovo or Ford Credit
            </span>
            <div className="actions">
              <input
                className="input"
                id="lender-search"
                name="lender-search"
                form={SEARCH_FORM}
                defaultValue={search}
                aria-describedby="lender-search-hint"
                autoComplete="off"
              />
              <button className="btn secondary" type="submit" form={SEARCH_FORM}>
                Find my lender
              </button>
            </div>
          </div>
          {searched && lenders.length === 0 ? (
            <p className="muted" data-testid="lender-none-found">
              No lender in our list matches &ldquo;{search}&rdquo;. Try another name, or choose &ldquo;My lender is not listed&rdquo;.
            </p>
          ) : null}
          <div className="choices" data-testid="lender-choices">
            {lenders.map((found) => (
              <label key={found.id}>
                <input type="radio" name="lenderId" value={found.id} defaultChecked={chosen === found.id} /> {found.name}
              </label>
            ))}
            <label>
              <input type="radio" name="lenderId" value={NOT_LISTED} defaultChecked={chosen === NOT_LISTED} /> My lender is not listed
            </label>
          </div>
          <div className={consentErrors ? 'field field-invalid' : 'field'}>
            <label>
              <input
                type="checkbox"
                name="consent"
                value="yes"
                aria-invalid={consentErrors ? true : undefined}
                aria-describedby={consentErrors ? 'consent-error' : undefined}
              />{' '}
              {consentWording}
            </label>
            <input type="hidden" name="consentWording" value={consentWording} />
            {consentErrors ? (
              <p className="field-error" id="consent-error" role="alert">
                {consentErrors[0]}
              </p>
            ) : null}
          </div>
        </fieldset>
        <fieldset>
          <legend>Only if your lender is not listed</legend>
          <p className="hint">We do not ask your lender for this figure: we use the one you give us, from your latest settlement letter.</p>
          <div className="field">
            <label htmlFor="lender">Lender&rsquo;s name</label>
            <input className="input" id="lender" name="lender" defaultValue={lender} />
          </div>
          <div className="field">
            <label htmlFor="settlement">Settlement figure, in pounds</label>
            <input className="input" id="settlement" name="settlement" inputMode="numeric" defaultValue={settlement} />
          </div>
        </fieldset>
        <SaveButton intent="finance" />
      </Form>
    </ProfileStep>
  );
}
