import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { maskEmail } from '../../../../contract/accounts';
import { endpoints } from '../../../../contract/endpoints';
import { requireProvenAddress, requireUser } from '~/features/account/require-user.server';
import { GeneralErrorBoundary, useRootData } from '~/features/shell/frame';
import { cancelPayeeChange, confirmPayeeChange, resolvePayeeCheck, saveBeneficiary } from '~/features/sale/payments.server';
import {
  BankDetailsSchema,
  CancelPayeeChangeSchema,
  KeepDetailsSchema,
  PayeeCodeSchema,
  UseBankNameSchema,
} from '~/features/sale/sale-forms.server';
import { sellerSale, readSellerSale } from '~/features/sale/seller-sale.server';
import { degraded, readOrOutage } from '~/lib/failures.server';
import { OutageNotice, OutagePage } from '~/features/shell/outage-notice';
import { failed, invalid, parseIntent, refuse } from '~/lib/forms/form.server';
import { Field, FormErrors } from '~/lib/forms/form-parts';
import { intentOf, useFormReply } from '~/lib/forms/use-form-reply';
import { pageMeta } from '~/lib/meta';

/**
 * `/{vrm}/add-bank-details`, and `/{vrm}/request/bank-details` (+ `/confirmed`) for the link in our
 * reminder e-mail. Validated on the server only: the modulus tables are too big for a phone, and
 * the platform checks again anyway. Only the last 4 digits of an account number are ever shown,
 * and the account number never comes back in the page (never-echoed.ts).
 *
 * Confirmation of Payee (docs/decisions/036): when the seller's bank does not quite match the name
 * ("The name on this account is S Kennedy. Use this name?") or does not match it at all, nothing
 * is saved; the page asks, and the details wait on the platform (by the check's id, so the account
 * number never needs to come back in the page).
 */
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Add bank details' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sale = await readSellerSale(request, context, params.vrm);
  const url = new URL(request.url);
  const confirmedPage = url.pathname.endsWith('/confirmed');
  const cancelled = url.searchParams.has('cancelled');
  if (!sale.outage && !sale.sale?.acceptedAt) throw redirect(`/${sale.vrm}`);
  requireProvenAddress(request, context, sale.vrm);
  const read = sale.outage
    ? sale
    : await readOrOutage(
        () => context.gateway.call(endpoints.sale.beneficiary, { params: { enquiryId: sale.enquiry.id } }),
        context.config.brandName,
      );
  const email = maskEmail(context.session.get('auth')?.email ?? '');
  // The platform down: the form the seller sent comes back, without the account on file (docs/decisions/026).
  if (read.outage) {
    return degraded({
      vrm: sale.vrm,
      beneficiary: null,
      confirmedPage,
      cancelled,
      pendingChange: null,
      frozen: false,
      payeeCheck: null,
      email,
      outage: read.outage,
    });
  }
  // A change waiting, or held, is the platform's to know: every session of the account sees it,
  // so the owner sees a change that someone else's session asked for.
  const { beneficiary, pendingChange, frozen } = read.value;
  // A platform deployed before the check answers without it.
  const payeeCheck = read.value.payeeCheck ?? null;
  return { vrm: sale.vrm, beneficiary, confirmedPage, cancelled, pendingChange, frozen, payeeCheck, email, outage: null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireUser(request, context);
  const { intent, submission } = parseIntent(
    await request.formData(),
    {
      save: BankDetailsSchema,
      code: PayeeCodeSchema,
      cancel: CancelPayeeChangeSchema,
      'use-name': UseBankNameSchema,
      keep: KeepDetailsSchema,
    },
    'save',
  );
  if (submission.status !== 'success') return invalid(submission);
  let vrm: string;
  try {
    const sale = await sellerSale(request, context, params.vrm);
    vrm = sale.vrm;
    if (intent === 'cancel') {
      await cancelPayeeChange(context.gateway, sale.enquiry.id);
      context.analytics.track('bank_details_change_cancelled');
      throw redirect(`${new URL(request.url).pathname}?cancelled`);
    }
    if (intent === 'code') {
      const outcome = await confirmPayeeChange(context.gateway, sale.enquiry.id, submission.value.code);
      // A spent or held code ends the change: the message goes above the form, not by a field to type in again.
      if (!outcome.ok) return refuse(submission, outcome.outcome === 'invalid_code' ? { code: outcome.message } : outcome.message);
      context.analytics.track('bank_details_changed');
      throw redirect(`/${vrm}/upload-documents`);
    }
    if (intent === 'use-name' || intent === 'keep') {
      const answer = await resolvePayeeCheck(context.gateway, sale.enquiry.id, {
        checkId: submission.value.checkId,
        choice: intent === 'keep' ? 'keep' : 'use_bank_name',
        understood: intent === 'keep' ? true : undefined,
      });
      if (answer.ok === false) return refuse(submission, answer.message);
      context.analytics.track(intent === 'keep' ? 'bank_details_no_match_kept' : 'bank_details_bank_name_used');
      if (answer.ok === 'pending') throw redirect(new URL(request.url).pathname);
    } else {
      const saved = await saveBeneficiary(context.gateway, sale.enquiry.id, submission.value);
      if (saved.ok === false) return refuse(submission, saved.fields);
      // The bank's answer to the name is the page's to show, as it loads again.
      if (saved.ok === 'pending' || saved.ok === 'check') throw redirect(new URL(request.url).pathname);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    const event =
      intent === 'code'
        ? 'bank_details.change_failed'
        : intent === 'cancel'
          ? 'bank_details.cancel_failed'
          : intent === 'use-name' || intent === 'keep'
            ? 'bank_details.payee_check_failed'
            : 'bank_details.save_failed';
    return failed(submission, error, context, event);
  }
  const requested = new URL(request.url).pathname.includes('/request/');
  context.analytics.track('bank_details_added');
  throw redirect(requested ? `/${vrm}/request/bank-details/confirmed` : `/${vrm}/upload-documents`);
}

export default function BankDetails() {
  const { vrm, beneficiary, confirmedPage, cancelled, pendingChange, frozen, payeeCheck, email, outage } = useLoaderData<typeof loader>();
  const { helpCentreUrl } = useRootData();
  const reply = useActionData<typeof action>();
  // One page, three forms: each shows its own answer.
  const intent = intentOf(reply);
  const codeForm = useFormReply(intent === 'code' ? reply : null);
  const cancelForm = useFormReply(intent === 'cancel' ? reply : null);
  const checkForm = useFormReply(intent === 'use-name' || intent === 'keep' ? reply : null);
  const detailsForm = useFormReply(intent === 'save' || intent === undefined ? reply : null);
  // The details the bank questioned come back into the form (never the account number).
  const typedName = detailsForm.value('accountName') ?? payeeCheck?.accountName ?? beneficiary?.accountName ?? '';
  const typedSortCode = detailsForm.value('sortCode') ?? payeeCheck?.sortCode ?? '';
  const title = confirmedPage ? 'Bank details confirmed' : 'Where should we pay you?';
  if (outage && !reply) return <OutagePage title={title} titleId="bank-title" message={outage.message} />;
  const support = helpCentreUrl ? <a href={helpCentreUrl}>contact our support team</a> : 'contact our support team';
  return (
    <section className="card" aria-labelledby="bank-title">
      <h2 id="bank-title">{title}</h2>
      {cancelled ? (
        <p className="toast ok" role="status">
          The change is cancelled and your payout is frozen: nothing is paid until our support team has checked it with you. We have signed
          out all your other devices.
        </p>
      ) : frozen ? (
        <p className="toast warn" role="status" data-testid="payout-frozen">
          Your payout is frozen: nothing is paid until our support team has checked it with you.
        </p>
      ) : null}
      {beneficiary ? (
        <p className="toast ok" role="status" data-testid="beneficiary">
          We will pay {beneficiary.accountName}, sort code {beneficiary.sortCode}, account ending {beneficiary.accountNumberLast4}.
        </p>
      ) : null}
      {beneficiary && !payeeCheck ? <NameCheckNotice nameCheck={beneficiary.nameCheck} support={support} /> : null}
      {payeeCheck && !confirmedPage ? (
        <div className="stack" data-testid="payee-check">
          {payeeCheck.result === 'close_match' ? (
            <Form method="post" className="stack" aria-labelledby="check-title">
              <h3 id="check-title">
                {payeeCheck.reason === 'account_type'
                  ? `This is a business account in the name of ${payeeCheck.bankName}. Use this account?`
                  : `The name on this account is ${payeeCheck.bankName}. Use this name?`}
              </h3>
              <p>
                You entered {payeeCheck.accountName} for sort code {payeeCheck.sortCode}, account ending {payeeCheck.accountNumberLast4}.
                The account&rsquo;s bank holds a different name.
              </p>
              <FormErrors errors={checkForm.formErrors} />
              <input type="hidden" name="intent" value="use-name" />
              <input type="hidden" name="checkId" value={payeeCheck.id} />
              <button className="btn" type="submit">
                {payeeCheck.reason === 'account_type' ? 'Use this account' : 'Use this name'}
              </button>
              <p>
                <a href="#change-details">Change the details</a>
              </p>
            </Form>
          ) : (
            <Form method="post" className="stack" aria-labelledby="check-title">
              <h3 id="check-title">The name does not match the account</h3>
              <p className="toast warn" role="alert">
                The bank for sort code {payeeCheck.sortCode}, account ending {payeeCheck.accountNumberLast4}, says the account is not in the
                name {payeeCheck.accountName}. If we pay an account that is not yours, the money may not be recoverable.
              </p>
              <p>
                Check the details with your bank and change them below. If you are sure they are right, you can keep them: we check them
                before we pay you.
              </p>
              <FormErrors errors={checkForm.formErrors} />
              <input type="hidden" name="intent" value="keep" />
              <input type="hidden" name="checkId" value={payeeCheck.id} />
              <fieldset>
                <legend className="sr-only">Keeping details the bank could not match</legend>
                <label className="check">
                  <input
                    type="checkbox"
                    id="understood"
                    name="understood"
                    value="yes"
                    aria-describedby={checkForm.errors('understood') ? 'understood-error' : undefined}
                    aria-invalid={checkForm.errors('understood') ? true : undefined}
                  />
                  <span>I understand the name does not match, and that a payment to the wrong account may not be recoverable</span>
                </label>
                {checkForm.errors('understood') ? (
                  <p className="field-error" id="understood-error" role="alert">
                    {checkForm.errors('understood')![0]}
                  </p>
                ) : null}
              </fieldset>
              <button className="btn secondary" type="submit">
                Keep these details
              </button>
              <p>
                <a href="#change-details">Change the details</a>
              </p>
            </Form>
          )}
        </div>
      ) : null}
      {pendingChange?.state === 'held' && !confirmedPage ? (
        <div className="stack" data-testid="pending-change">
          <h3>A change to the account ending {pendingChange.accountNumberLast4} is on hold</h3>
          <p>
            More codes were asked for, or more wrong codes entered, than we allow, so we have held this change: we keep paying the account
            above. To change where we pay you, {support}.
          </p>
        </div>
      ) : null}
      {/* During an outage the platform cannot say whether a change waits: a code just sent keeps its form. */}
      {!confirmedPage && (pendingChange?.state === 'pending' || (outage && intent === 'code')) ? (
        <Form method="post" className="stack" aria-labelledby="code-title" data-testid="pending-change" {...codeForm.formProps}>
          <h3 id="code-title">Enter the code we e-mailed you</h3>
          <p>
            {!pendingChange || pendingChange.requestedHere
              ? 'To keep your money safe, a new payout account needs a code.'
              : `A change was asked for on another device${pendingChange.requestedBy ? ` (session ${pendingChange.requestedBy})` : ''}.`}{' '}
            We&rsquo;ve e-mailed a 6-digit code to {email}. Enter it to be paid into the
            {pendingChange ? ` account ending ${pendingChange.accountNumberLast4}` : ' new account'} instead.
          </p>
          <FormErrors errors={codeForm.formErrors} />
          {outage && codeForm.replied ? <OutageNotice message={outage.message} sent /> : null}
          <input type="hidden" name="intent" value="code" />
          <Field
            label="Code"
            hint="6 digits, from the e-mail"
            errors={codeForm.errors('code')}
            inputProps={{ id: 'code', name: 'code', inputMode: 'numeric', autoComplete: 'one-time-code', defaultValue: '' }}
          />
          <button className="btn" type="submit">
            Change bank details
          </button>
          <p className="muted">No code? Enter the new details again below for a new one. Until you enter it, we pay the account above.</p>
        </Form>
      ) : null}
      {!confirmedPage && (pendingChange || (outage && intent === 'cancel')) ? (
        <Form method="post" className="stack" aria-labelledby="cancel-title">
          <h3 id="cancel-title">Not you?</h3>
          <p>If you did not ask for this change, cancel it: we freeze your payout until our support team has checked it with you.</p>
          <FormErrors errors={cancelForm.formErrors} />
          {outage && cancelForm.replied ? <OutageNotice message={outage.message} sent /> : null}
          <input type="hidden" name="intent" value="cancel" />
          <button className="btn secondary" type="submit">
            Cancel it and freeze my payout
          </button>
        </Form>
      ) : null}
      {confirmedPage ? (
        <Link className="btn" to={`/${vrm}/upload-documents`}>
          Upload your documents
        </Link>
      ) : pendingChange?.state === 'held' ? null : (
        // A held change waits for support: another one would only be held too, so there is no form for it.
        <Form method="post" {...detailsForm.formProps}>
          {pendingChange ? <h3>Or give other bank details</h3> : null}
          {payeeCheck ? <h3 id="change-details">Change the details</h3> : null}
          {/* An answer to a check that has gone (spent or expired) is told here, where the details go in again. */}
          <FormErrors errors={detailsForm.formErrors ?? (payeeCheck ? undefined : checkForm.formErrors)} />
          {outage && detailsForm.replied ? <OutageNotice message={outage.message} sent /> : null}
          <input type="hidden" name="intent" value="save" />
          <p>The dealer pays you within 24 hours of collecting the car. Use an account in your name.</p>
          <Field
            label="Name on the account"
            errors={detailsForm.errors('accountName')}
            inputProps={{
              id: 'accountName',
              name: 'accountName',
              autoComplete: 'name',
              defaultValue: typedName,
            }}
          />
          <Field
            label="Sort code"
            hint="6 digits, like 12-34-56"
            errors={detailsForm.errors('sortCode')}
            inputProps={{
              id: 'sortCode',
              name: 'sortCode',
              inputMode: 'numeric',
              autoComplete: 'off',
              defaultValue: typedSortCode,
            }}
          />
          {/* Never filled in again: after an error the seller types the account number again. */}
          <Field
            label="Account number"
            hint="8 digits"
            errors={detailsForm.errors('accountNumber')}
            inputProps={{ id: 'accountNumber', name: 'accountNumber', inputMode: 'numeric', autoComplete: 'off', defaultValue: '' }}
          />
          <button className="btn" type="submit">
            {beneficiary ? 'Update bank details' : 'Save bank details'}
          </button>
        </Form>
      )}
    </section>
  );
}

/** What the bank said of the name on the account on file, when it holds the payout. */
function NameCheckNotice({ nameCheck, support }: { nameCheck: string | null; support: ReactNode }) {
  if (nameCheck === 'unavailable') {
    return (
      <p className="toast warn" role="status" data-testid="name-check">
        We could not check the name on the account with your bank yet. We will try again: we pay you once your bank has answered.
      </p>
    );
  }
  if (nameCheck === 'no_match_confirmed') {
    return (
      <p className="toast warn" role="status" data-testid="name-check">
        You kept details your bank could not match to the name, so we check them before we pay you. To change them, enter new details below.
      </p>
    );
  }
  if (nameCheck === 'no_match' || nameCheck === 'close_match') {
    return (
      <p className="toast warn" role="alert" data-testid="name-check">
        Your bank says the name does not match this account, so we have held your payout. Check your details and change them below, or{' '}
        {support}.
      </p>
    );
  }
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
