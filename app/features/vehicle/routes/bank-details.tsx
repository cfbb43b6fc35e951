import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { maskEmail } from '../../../../contract/accounts';
import { endpoints } from '../../../../contract/endpoints';
import { requireProvenAddress, requireUser } from '~/features/account/require-user.server';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { confirmPayeeChange, saveBeneficiary } from '~/features/vehicle/payments.server';
import { BankDetailsSchema, PayeeCodeSchema } from '~/features/vehicle/sale-forms.server';
import { findSellerSale, readSellerSale } from '~/features/vehicle/seller-sale.server';
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
 */
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Add bank details' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sale = await readSellerSale(request, context, params.vrm);
  const confirmedPage = new URL(request.url).pathname.endsWith('/confirmed');
  if (!sale.outage && !sale.sale?.acceptedAt) throw redirect(`/${sale.vrm}`);
  requireProvenAddress(request, context, sale.vrm);
  const read = sale.outage
    ? sale
    : await readOrOutage(
        () => context.gateway.call(endpoints.sale.beneficiary, { params: { enquiryId: sale.enquiry.id } }),
        context.config.brandName,
      );
  // A change waiting for its code is the session's to know; the account on file is the platform's.
  const waiting = context.session.get('payeeChange');
  const pending = waiting?.vrm === sale.vrm ? { last4: waiting.last4, email: maskEmail(context.session.get('auth')?.email ?? '') } : null;
  // The platform down: the form the seller sent comes back, without the account on file (docs/decisions/026).
  if (read.outage) return degraded({ vrm: sale.vrm, beneficiary: null, confirmedPage, pendingChange: pending, outage: read.outage });
  const { beneficiary } = read.value;
  const pendingChange = beneficiary ? pending : null;
  return { vrm: sale.vrm, beneficiary, confirmedPage, pendingChange, outage: null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireUser(request, context);
  const { intent, submission } = parseIntent(await request.formData(), { save: BankDetailsSchema, code: PayeeCodeSchema }, 'save');
  if (submission.status !== 'success') return invalid(submission);
  let vrm: string;
  try {
    const sale = await findSellerSale(request, context, params.vrm);
    vrm = sale.vrm;
    if (intent === 'code') {
      const outcome = await confirmPayeeChange(context.gateway, sale.enquiry.id, submission.value.code, context.origin);
      if (!outcome.ok) {
        // A spent code ends the change: the message goes above the form, not by a field to type in again.
        if (outcome.expired) context.session.unset('payeeChange');
        return refuse(submission, outcome.expired ? outcome.message : { code: outcome.message });
      }
      context.session.unset('payeeChange');
      context.analytics.track('bank_details_changed');
      throw redirect(`/${vrm}/upload-documents`);
    }
    const saved = await saveBeneficiary(context.gateway, sale.enquiry.id, submission.value, context.origin);
    if (saved.ok === false) return refuse(submission, saved.fields as Record<string, string>);
    if (saved.ok === 'pending') {
      context.session.set('payeeChange', { vrm, last4: saved.accountNumberLast4 });
      throw redirect(new URL(request.url).pathname);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return failed(submission, error, context, intent === 'code' ? 'bank_details.change_failed' : 'bank_details.save_failed');
  }
  const requested = new URL(request.url).pathname.includes('/request/');
  context.analytics.track('bank_details_added');
  throw redirect(requested ? `/${vrm}/request/bank-details/confirmed` : `/${vrm}/upload-documents`);
}

export default function BankDetails() {
  const { vrm, beneficiary, confirmedPage, pendingChange, outage } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // One page, two forms: each shows its own answer.
  const codeForm = useFormReply(intentOf(reply) === 'code' ? reply : null);
  const detailsForm = useFormReply(intentOf(reply) === 'code' ? null : reply);
  const title = confirmedPage ? 'Bank details confirmed' : 'Where should we pay you?';
  if (outage && !reply) return <OutagePage title={title} titleId="bank-title" message={outage.message} />;
  return (
    <section className="card" aria-labelledby="bank-title">
      <h2 id="bank-title">{title}</h2>
      {beneficiary ? (
        <p className="toast ok" role="status" data-testid="beneficiary">
          We will pay {beneficiary.accountName}, sort code {beneficiary.sortCode}, account ending {beneficiary.accountNumberLast4}.
        </p>
      ) : null}
      {pendingChange && !confirmedPage ? (
        <Form method="post" className="stack" aria-labelledby="code-title" {...codeForm.formProps}>
          <h3 id="code-title">Enter the code we e-mailed you</h3>
          <p>
            To keep your money safe, a new payout account needs a code. We&rsquo;ve e-mailed a 6-digit code to {pendingChange.email}. Enter
            it to be paid into the account ending {pendingChange.last4} instead.
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
      {confirmedPage ? (
        <Link className="btn" to={`/${vrm}/upload-documents`}>
          Upload your documents
        </Link>
      ) : (
        <Form method="post" {...detailsForm.formProps}>
          <FormErrors errors={detailsForm.formErrors} />
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
              defaultValue: detailsForm.value('accountName') ?? beneficiary?.accountName ?? '',
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
              defaultValue: detailsForm.value('sortCode') ?? '',
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
