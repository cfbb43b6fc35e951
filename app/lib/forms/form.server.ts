import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/cloudflare';
import type { ZodTypeAny } from 'zod';
import { failureView, logFailure } from '../failures.server';
import { PlatformFailure } from '../gateway.server';
import { NEVER_ECHOED } from './never-echoed';

/**
 * The one way an action reads a form and answers it (docs/decisions/017):
 *
 *   const submission = parseForm(formData, Schema);          // conform + zod; one schema per intent
 *   if (submission.status !== 'success') return invalid(submission);
 *   …call the platform…  catch (error) { return failed(submission, error, context, 'event') }
 *   throw redirect(next);                                     // POST → redirect on success
 *
 * Every answer is the same shape (conform's reply: field errors, form errors and what was typed,
 * without the fields that are never echoed), which the page reads with useFormReply. A form with
 * several intents gives each its schema: `z.discriminatedUnion('intent', [z.object({ intent:
 * z.literal('save'), … }), …])`.
 *
 * The schemas live in `.server` modules beside their routes (sale/sale-forms.server.ts, …): a
 * schema built at the top of a route module stays in that page's browser build, and zod with it,
 * even when only the action uses it. The browser build leaves `.server` modules empty.
 */

export type FormReply = SubmissionResult<string[]>;

interface Submission {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): FormReply;
}

export function parseForm<Schema extends ZodTypeAny>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema });
}

type ParsedIntent<Schemas extends Record<string, ZodTypeAny>> = {
  [Intent in keyof Schemas]: { intent: Intent; submission: ReturnType<typeof parseForm<Schemas[Intent]>> };
}[keyof Schemas];

/**
 * A form with several intents (buttons or small forms of one page): its `intent` field picks the
 * schema; a post without one (or with an unknown one) is read as `otherwise`.
 */
export function parseIntent<Schemas extends Record<string, ZodTypeAny>>(
  formData: FormData,
  schemas: Schemas,
  otherwise: keyof Schemas,
): ParsedIntent<Schemas> {
  const named = formData.get('intent');
  const intent = typeof named === 'string' && Object.hasOwn(schemas, named) ? named : otherwise;
  return { intent, submission: parseForm(formData, schemas[intent]!) } as ParsedIntent<Schemas>;
}

function reply(submission: Submission, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}): FormReply {
  return submission.reply({ ...errors, hideFields: [...NEVER_ECHOED] });
}

/** A form that did not validate: its field errors and what was typed, 400. */
export function invalid(submission: Submission) {
  return data(reply(submission), { status: 400 });
}

/**
 * A refusal the app words itself (a rule of ours, or an outcome the platform answered with): the
 * message above the form, or by the fields named. A panel with a heading of its own sends its
 * heading and its text, in that order.
 */
export function refuse(submission: Submission, message: string | Panel | Record<string, string>, status = 400) {
  return data(reply(submission, refusal(message)), { status });
}

type Panel = readonly [heading: string, text: string];

function refusal(message: string | Panel | Record<string, string>) {
  if (typeof message === 'string') return { formErrors: [message] };
  if (isPanel(message)) return { formErrors: [...message] };
  return { fieldErrors: Object.fromEntries(Object.entries(message).map(([field, text]) => [field, [text]])) };
}

const isPanel = (message: Panel | Record<string, string>): message is Panel => Array.isArray(message);

/**
 * A platform failure, the one way every action answers it: the failure's message (lib/failures.server.ts)
 * as a form error, with what was typed, and the failure's status. Anything that is not a platform
 * failure is thrown on, to the error page and the log.
 */
export function failed(
  submission: Submission,
  error: unknown,
  context: { config: { brandName: string } },
  event: string,
  options: {
    /** Put the message by this field instead of above the form (an upload's file input, say). */
    field?: string;
    /** A form whose outage text is its own (contact preferences). */
    outageMessage?: string;
  } = {},
) {
  if (!(error instanceof PlatformFailure)) throw error;
  const view = failureView(error, context.config.brandName)!;
  logFailure(event, error, view);
  // Too many requests keeps its own words: the seller should wait, not just try again.
  const message = view.outage && error.readsAs !== 'rate_limited' && options.outageMessage ? options.outageMessage : view.message;
  const errors = options.field ? { fieldErrors: { [options.field]: [message] } } : { formErrors: [message] };
  return data(reply(submission, errors), { status: view.status });
}
