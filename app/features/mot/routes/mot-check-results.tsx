import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { isValidVrm, normaliseVrm } from '../../../../contract/vrm';
import { motCheck, ReminderSchema, requestReminders } from '~/features/mot/mot.server';
import { MotReminders, SentReminders } from '~/features/mot/mot-reminders';
import { motTool } from '~/features/mot/mot-tool';
import { motViews } from '~/features/mot/mot-views.server';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { ToolResultPage, toolResultMeta } from '~/features/tools/tool-pages';
import { toolResultLoader } from '~/features/tools/tool.server';
import { failed, invalid, parseForm, refuse } from '~/lib/forms/form.server';
import { routeFlags } from '~/lib/route-flags';

/** `/mot-check/results?vrm=…`: one vehicle's MOT status and history, and its reminders' form. */
export const handle = routeFlags(motTool.resultFlags);
export const meta = toolResultMeta(motTool);
export const loader = (args: LoaderFunctionArgs) => toolResultLoader(motTool, motCheck, motViews, args);

/**
 * MOT reminders for the vehicle on the page: POST, then back to the same results saying a link is on
 * its way. Nothing is on until the link in that e-mail is pressed (routes/mot-check-confirm.tsx).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const vrm = normaliseVrm(new URL(request.url).searchParams.get('vrm') ?? '');
  if (!isValidVrm(vrm)) throw redirect('/mot-check', 303);
  const submission = parseForm(await request.formData(), ReminderSchema);
  if (submission.status !== 'success') return invalid(submission);
  let outcome;
  try {
    outcome = await requestReminders(context.gateway, vrm, {
      email: submission.value.email,
      mobile: submission.value.mobile || undefined,
    });
  } catch (error) {
    return failed(submission, error, context, 'mot_reminders.failed');
  }
  if (!outcome.ok) {
    if (outcome.fields) return refuse(submission, outcome.fields as Record<string, string>);
    return refuse(submission, outcome.message!, 409);
  }
  context.analytics.track('mot_reminders_set', {});
  context.session.flash('motReminder', outcome.reminder);
  throw redirect(`/mot-check/results?vrm=${encodeURIComponent(vrm)}#reminders`, 303);
}

export default function MotCheckResults() {
  return <ToolResultPage tool={motTool} views={motViews} Actions={MotReminders} Sent={SentReminders} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
