import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { checkBankDetails, type BankDetailsField } from '../../../../contract/bank-details';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { Field, FormErrors } from '~/lib/forms/form-parts';
import { ProgressTimeline } from '~/features/vehicle/sale-bits';
import { failureView, logFailure, loadOrOutage } from '~/lib/failures.server';
import type { PlatformFailure } from '~/lib/gateway.server';
import { pageMeta } from '~/lib/meta';
import { confirmPayeeChange, saveBeneficiary } from '~/features/vehicle/payments.server';
import { maskEmail } from '../../../../contract/accounts';
import { requireUser, requireProvenAddress } from '~/features/account/require-user.server';
import { findSellerSale, loadSellerSale } from '~/features/vehicle/seller-sale.server';
import { endpoints } from '../../../../contract/endpoints';

/**
 * `/{vrm}/add-bank-details`, and `/{vrm}/request/bank-details` (+ `/confirmed`) for the link in our
 * reminder e-mail. Validated on the server only: the modulus tables are too big for a phone, and
 * the platform checks again anyway. Only the last 4 digits of an account number are ever shown.
 */
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Add bank details' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sale = await loadSellerSale(request, context, params.vrm);
  if (!sale.sale?.acceptedAt) throw redirect(`/${sale.vrm}`);
  requireProvenAddress(request, context, sale.vrm);
  const { beneficiary } = await loadOrOutage(() => context.gateway.call(endpoints.sale.beneficiary, { params: { enquiryId: sale.enquiry.id } }), context.config.brandName);
  const confirmedPage = new URL(request.url).pathname.endsWith('/confirmed');
  const waiting = context.session.get('payeeChange');
  const pendingChange = waiting?.vrm === sale.vrm && beneficiary ? { last4: waiting.last4, email: maskEmail(context.session.get('auth')?.email ?? '') } : null;
  return { vrm: sale.vrm, beneficiary, confirmedPage, progress: sale.progress, pendingChange };
}

/** The code e-mailed for a change of payout account (docs/decisions/014). */
async function confirmChange(request: Request, form: FormData, context: ActionFunctionArgs['context'], vrmParam: string | undefined) {
  const code = String(form.get('code') ?? '').trim();
  const none: Partial<Record<BankDetailsField, string>> = {};
  if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) return data({ fields: none, formError: null, codeError: 'Enter the 6-digit code from the e-mail', typed: undefined }, { status: 400 });
  let vrm: string;
  try {
    const sale = await findSellerSale(request, context, vrmParam);
    vrm = sale.vrm;
    const outcome = await confirmPayeeChange(context.gateway, sale.enquiry.id, code, context.origin);
    if (!outcome.ok) {
      if (outcome.expired) context.session.unset('payeeChange');
      return data({ fields: none, formError: outcome.expired ? outcome.message : null, codeError: outcome.expired ? null : outcome.message, typed: undefined }, { status: 400 });
    }
  } catch (error) {
    const failure = failureView(error, context.config.brandName);
    if (!failure) throw error;
    logFailure('bank_details.change_failed', error as PlatformFailure, failure);
    return data({ fields: none, formError: failure.message, codeError: null, typed: undefined }, { status: failure.status });
  }
  context.session.unset('payeeChange');
  context.analytics.track('bank_details_changed');
  throw redirect(`/${vrm}/upload-documents`);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireUser(request, context);
  const form = await request.formData();
  if (form.get('intent') === 'code') return confirmChange(request, form, context, params.vrm);
  const accountNumber = String(form.get('accountNumber') ?? '');
  // What goes back to the page after an error: never the account number (action data is
  // serialised into the HTML for hydration, input or not).
  const typed = { accountName: String(form.get('accountName') ?? ''), sortCode: String(form.get('sortCode') ?? '') };
  const check = checkBankDetails({ ...typed, accountNumber });
  if (!check.ok) return data({ fields: check.errors, formError: null, codeError: null, typed }, { status: 400 });
  let vrm: string;
  try {
    const sale = await findSellerSale(request, context, params.vrm);
    vrm = sale.vrm;
    const saved = await saveBeneficiary(context.gateway, sale.enquiry.id, {
      accountName: check.accountName,
      sortCode: check.sortCode,
      accountNumber: check.accountNumber,
    }, context.origin);
    if (saved.ok === false) return data({ fields: saved.fields, formError: null, codeError: null, typed }, { status: 400 });
    if (saved.ok === 'pending') {
      context.session.set('payeeChange', { vrm, last4: saved.accountNumberLast4 });
      throw redirect(new URL(request.url).pathname);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = failureView(error, context.config.brandName);
    if (!failure) throw error;
    logFailure('bank_details.save_failed', error as PlatformFailure, failure);
    const none: Partial<Record<BankDetailsField, string>> = {};
    return data({ fields: none, formError: failure.message, codeError: null, typed }, { status: failure.status });
  }
  const requested = new URL(request.url).pathname.includes('/request/');
  context.analytics.track('bank_details_added');
  throw redirect(requested ? `/${vrm}/request/bank-details/confirmed` : `/${vrm}/upload-documents`);
}

export default function BankDetails() {
  const { vrm, beneficiary, confirmedPage, progress, pendingChange } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The account number is never put back in the page: after an error the seller types it again.
  const typed = actionData?.typed;
  return (
    <>
      <section className="card" aria-labelledby="bank-title">
        <h2 id="bank-title">{confirmedPage ? 'Bank details confirmed' : 'Where should we pay you?'}</h2>
        {beneficiary ? (
          <p className="toast ok" role="status" data-testid="beneficiary">
            We will pay {beneficiary.accountName}, sort code {beneficiary.sortCode}, account ending {beneficiary.accountNumberLast4}.
          </p>
        ) : null}
        {pendingChange && !confirmedPage ? (
          <Form method="post" className="stack" aria-labelledby="code-title">
            <h3 id="code-title">Enter the code we e-mailed you</h3>
            <p>
              To keep your money safe, a new payout account needs a code. We&rsquo;ve e-mailed a 6-digit code to {pendingChange.email}. Enter
              it to be paid into the account ending {pendingChange.last4} instead.
            </p>
            <FormErrors errors={actionData?.formError ? [actionData.formError] : undefined} />
            <input type="hidden" name="intent" value="code" />
            <Field
              label="Code"
              hint="6 digits, from the e-mail"
              errors={actionData?.codeError ? [actionData.codeError] : undefined}
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
          <Form method="post">
            <FormErrors errors={actionData?.formError ? [actionData.formError] : undefined} />
            <p>The dealer pays you within 24 hours of collecting the car. Use an account in your name.</p>
            <Field
              label="Name on the account"
              errors={actionData?.fields.accountName ? [actionData.fields.accountName] : undefined}
              inputProps={{ id: 'accountName', name: 'accountName', autoComplete: 'name', defaultValue: typed?.accountName ?? beneficiary?.accountName ?? '' }}
            />
            <Field
              label="Sort code"
              hint="6 digits, like 12-34-56"
              errors={actionData?.fields.sortCode ? [actionData.fields.sortCode] : undefined}
              inputProps={{ id: 'sortCode', name: 'sortCode', inputMode: 'numeric', autoComplete: 'off', defaultValue: typed?.sortCode ?? '' }}
            />
            <Field
              label="Account number"
              hint="8 digits"
              errors={actionData?.fields.accountNumber ? [actionData.fields.accountNumber] : undefined}
              inputProps={{ id: 'accountNumber', name: 'accountNumber', inputMode: 'numeric', autoComplete: 'off', defaultValue: '' }}
            />
            <button className="btn" type="submit">
              {beneficiary ? 'Update bank details' : 'Save bank details'}
            </button>
          </Form>
        )}
      </section>
      {progress ? <ProgressTimeline steps={progress} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
