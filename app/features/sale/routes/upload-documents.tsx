import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormErrors } from '~/lib/forms/form-parts';
import { failed, invalid, parseForm, refuse } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { isDocumentKind, labelInSentence } from '../../../../contract/documents';
import { requireProvenAddress } from '~/features/account/require-user.server';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { documentsUnknown, submitDocuments, uploadDocument } from '~/features/sale/documents.server';
import { pageMeta } from '~/lib/meta';
import { DocumentsSchema } from '~/features/sale/sale-forms.server';
import { sellerSale, readSellerSale } from '~/features/sale/seller-sale.server';
import { degraded, readOrOutage } from '~/lib/failures.server';
import { OutageNotice, OutagePage } from '~/features/shell/outage-notice';
import { endpoints } from '../../../../contract/endpoints';

/**
 * `/{vrm}/upload-documents/:kind?`: one plain multipart form per document kind; the platform checks
 * each file's real type and size. `:kind` opens one kind's form alone. The same page serves
 * `/{vrm}/request/:kind?` (links in our reminders), `/{vrm}/automated-docs-upload/:step?` (one kind
 * after another) and `/{vrm}/get-ahead/upload-documents/:kind?`: uploading before the sale ends, so
 * the car can be collected sooner (sending them for checking waits until an offer is accepted).
 */
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Upload documents' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const sale = await readSellerSale(request, context, params.vrm);
  const getAhead = new URL(request.url).pathname.includes('/get-ahead/');
  if (!sale.outage && !getAhead && !sale.sale?.acceptedAt) throw redirect(`/${sale.vrm}/get-ahead/upload-documents`);
  requireProvenAddress(request, context, sale.vrm);
  const requested = params.kind ?? params.step;
  if (requested && !isDocumentKind(requested)) throw new Response('Not Found', { status: 404 });
  const read = sale.outage
    ? sale
    : await readOrOutage(
        () => context.gateway.call(endpoints.sale.documents, { query: { enquiryId: sale.enquiry.id } }),
        context.config.brandName,
      );
  // The platform down: every kind's upload, none listed, and the form the seller sent (docs/decisions/026).
  if (read.outage) {
    const kind = requested && isDocumentKind(requested) ? requested : null;
    return degraded({ vrm: sale.vrm, kind, state: documentsUnknown(), getAhead, canSubmit: !getAhead, outage: read.outage });
  }
  const state = read.value;
  const automated = params.step !== undefined || new URL(request.url).pathname.endsWith('/automated-docs-upload');
  // The automated upload walks through the kinds: its step is the first one still missing.
  const kind = automated
    ? ((requested && isDocumentKind(requested) ? requested : state.kinds.find((k) => k.required && !k.complete)?.kind) ?? null)
    : requested && isDocumentKind(requested)
      ? requested
      : null;
  // A request names its document inside a sentence: worded here, so the page's scripts need no document rules.
  const requests = state.requests.map((r) => ({ ...r, label: labelInSentence(r.label) }));
  return { vrm: sale.vrm, kind, state: { ...state, requests }, getAhead, canSubmit: !sale.outage && !!sale.sale?.acceptedAt, outage: null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), DocumentsSchema);
  if (submission.status !== 'success') return invalid(submission);
  const { value } = submission;
  const kind = value.intent === 'upload' ? value.kind : '';
  const here = new URL(request.url).pathname;
  try {
    const sale = await sellerSale(request, context, params.vrm);
    if (value.intent === 'delete') {
      await context.gateway.call(endpoints.sale.deleteDocument, { body: { enquiryId: sale.enquiry.id, documentId: value.documentId } });
      throw redirect(here);
    }
    if (value.intent === 'submit') {
      const result = await submitDocuments(context.gateway, sale.enquiry.id);
      if (!result.ok) return refuse(submission, `Upload these first: ${result.missing.join(', ')}`, 409);
      context.analytics.track('documents_submitted');
      throw redirect(`/${sale.vrm}/review-status`);
    }
    await uploadDocument(context.gateway, sale.enquiry.id, kind, value.file);
  } catch (error) {
    if (error instanceof Response) throw error;
    return failed(submission, error, context, `documents.${value.intent}_failed`, { field: kind ? 'file' : undefined });
  }
  context.analytics.track('document_uploaded', { kind });
  throw redirect(here);
}

export default function UploadDocuments() {
  const { vrm, kind, state, getAhead, canSubmit, outage } = useLoaderData<typeof loader>();
  const form = useFormReply(useActionData<typeof action>());
  const title = getAhead ? 'Get ahead: upload your documents now' : 'Upload your documents';
  if (outage && !form.replied) return <OutagePage title={title} titleId="documents-title" message={outage.message} />;
  // During an outage what is uploaded is unknown: sending them for checking comes back if that was what the seller asked.
  const complete = outage ? form.value('intent') === 'submit' : state.complete;
  const failedKind = form.value('kind') ?? null;
  const fileError = form.errors('file')?.[0] ?? null;
  // A file's error sits by its kind; one without a kind, above the list.
  const formErrors = form.formErrors ?? (fileError && !failedKind ? [fileError] : undefined);
  const kinds = kind ? state.kinds.filter((k) => k.kind === kind) : state.kinds;
  return (
    <>
      <section className="card" aria-labelledby="documents-title">
        <h2 id="documents-title">{title}</h2>
        <p>The dealer needs these to buy the car. Photos of paper documents are fine: flat, in good light, all four corners in view.</p>
        {getAhead ? <p>Upload them now and the dealer can collect sooner once you accept an offer.</p> : null}
        {state.requests.length ? (
          <div className="toast warn" role="status" data-testid="document-requests">
            {state.requests.map((r) => (
              <p key={r.id}>
                The dealer has asked for your {r.label} again: {r.reason}. Upload a clearer one, then send your documents again.
              </p>
            ))}
          </div>
        ) : null}
        <FormErrors errors={formErrors} />
        {outage ? <OutageNotice message={outage.message} sent /> : null}
        <ul className="vehicle-list uploads">
          {kinds.map((k) => (
            <li key={k.kind} data-testid={`document-${k.kind}`}>
              <div>
                <strong>{k.label}</strong> {k.required ? null : <span className="muted">(optional)</span>}
                <p className="muted">{k.hint}</p>
                {k.documents.map((doc) => (
                  <Form method="post" key={doc.id} className="actions">
                    <span>
                      {doc.originalName ?? 'Uploaded file'} ✓{doc.sharp ? '' : ' — it looks blurry: a sharper photo avoids delays'}
                    </span>
                    <input type="hidden" name="documentId" value={doc.id} />
                    <button className="btn link" type="submit" name="intent" value="delete">
                      Delete
                    </button>
                  </Form>
                ))}
                {fileError && failedKind === k.kind ? (
                  <p className="field-error" role="alert">
                    {fileError}
                  </p>
                ) : null}
              </div>
              <Form method="post" encType="multipart/form-data">
                <input type="hidden" name="kind" value={k.kind} />
                <div className="field">
                  <label htmlFor={`file-${k.kind}`}>
                    {k.documents.length ? `Add another ${k.label.toLowerCase()} file` : `${k.label} file`}
                  </label>
                  <input id={`file-${k.kind}`} name="file" type="file" accept={k.accepts.join(',')} required />
                </div>
                <button className="btn secondary" type="submit" name="intent" value="upload">
                  Upload
                </button>
              </Form>
            </li>
          ))}
        </ul>
        {kind || !canSubmit ? (
          <Link to={canSubmit ? `/${vrm}/upload-documents` : `/${vrm}`}>{canSubmit ? 'All documents' : 'Back to your car'}</Link>
        ) : state.submitted ? (
          <p className="toast ok">Sent for checking.</p>
        ) : (
          <Form method="post">
            {complete ? null : <p className="muted">Upload the V5C logbook and your driving licence to send them.</p>}
            <button className="btn" type="submit" name="intent" value="submit" disabled={!complete}>
              Send my documents for checking
            </button>
          </Form>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
