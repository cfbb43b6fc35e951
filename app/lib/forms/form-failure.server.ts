import type { SubmissionResult } from '@conform-to/react';
import { data } from '@remix-run/cloudflare';
import { failureView, logFailure } from '../failures.server';
import type { PlatformFailure } from '../gateway.server';

/**
 * A platform failure's answer: the failure's message as a form error of the conform submission
 * (so the typed values come back with it) and its status. Anything that is not a platform failure
 * is thrown on, to the error page and the log.
 *
 * @deprecated `failed` (form.server.ts) is the one way now, and keeps the never-echoed fields out
 * of the answer. This stays only while the MOT reminders' form, being rebuilt, still calls it:
 * delete it with that form's last call.
 */
export function failureReply(
  submission: { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> },
  error: unknown,
  context: { config: { brandName: string } },
  event: string,
  options: {
    /** Put the message by this field instead of above the form (an upload's file input, say). */
    field?: string;
    /** A form whose outage text the spec words itself (contact preferences). */
    outageMessage?: string;
  } = {},
) {
  const view = failureView(error, context.config.brandName);
  if (!view) throw error;
  logFailure(event, error as PlatformFailure, view);
  const message = view.outage && view.status !== 429 && options.outageMessage ? options.outageMessage : view.message;
  const reply = options.field ? submission.reply({ fieldErrors: { [options.field]: [message] } }) : submission.reply({ formErrors: [message] });
  return data(reply, { status: view.status });
}
