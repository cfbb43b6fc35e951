import { lookupPanelMarkup } from '~/features/entry/lookup-error-panel.server';
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import type { ComponentType } from 'react';
import type { EventValue } from '../../../contract/shell';
import type { LookupErrorCode } from '../../../contract/vehicles';
import { formatVrm, isValidVrm, normaliseVrm, VRM_MAX_LENGTH } from '../../../contract/vrm';
import { lookupErrorPanel, type LookupErrorPanel } from '~/features/entry/lookup-errors';
import { invalid, parseForm } from '~/lib/forms/form.server';
import { LookupSchema } from '~/lib/forms/validation.server';
import { markupForNavigation, requestMarkupForNavigation } from '~/lib/server-markup.server';
import type { RegistrationTool, ToolMarkup, ToolOutcome, ToolPageData, ToolViews } from './registration-tool';

/**
 * A tool's server half: its check, what the analytics event of a check that worked records, and
 * the panel a failed check shows, in the tool's words (worded here, so the browser needs none of
 * the panels' texts).
 */
export interface ToolCheck<Result> {
  check(context: AppLoadContext, vrm: string): Promise<ToolOutcome<Result>>;
  checked(result: Result): Record<string, EventValue>;
  panel(code: string, vrm: string, brandName: string): LookupErrorPanel;
  /** Whether the button says 'Check again' under this panel. */
  checkAgain(panel: LookupErrorPanel): boolean;
}

/** The panels of a tool that checks through the registration lookup (the MOT check, the car tax check): the lookup's, and 'Check again' under a wrong registration. */
export const lookupPanels: Pick<ToolCheck<unknown>, 'panel' | 'checkAgain'> = {
  panel: (code, vrm, brandName) => lookupErrorPanel(code as LookupErrorCode, vrm, brandName),
  checkAgain: (panel) => panel.wrongReg,
};

/** A failed check's page data: the code, its panel and the button's words. */
function failedCheck<Result>(
  tool: RegistrationTool<Result>,
  server: ToolCheck<Result>,
  context: AppLoadContext,
  vrm: string,
  code: string,
  markup: ToolMarkup,
) {
  const panel = server.panel(code, formatVrm(vrm), context.config.brandName);
  const panelMarkup = lookupPanelMarkup(panel, vrm, tool.formPath);
  return { view: 'error', vrm, code, panel, panelMarkup, checkAgain: server.checkAgain(panel), markup } as ToolPageData<Result>;
}

/** The form page's loader: only the markup of what the tool says about itself, for a client-side navigation. */
export function toolFormLoader<Result>(views: ToolViews<Result>, { context }: LoaderFunctionArgs) {
  return { markup: markupForNavigation(context, { about: views.About }) as ToolMarkup };
}

/** The form's action: the registration's shape only, then the result's own address (POST → 303). */
export async function toolFormAction<Result>(tool: RegistrationTool<Result>, { request }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), LookupSchema);
  if (submission.status !== 'success') return invalid(submission);
  throw redirect(tool.resultPath(submission.value.vrm), 303);
}

/**
 * The result address's loader: asks for a registration when it carries none, refuses one that is
 * not a registration (400, the tool's panel), sends any other spelling to the canonical address
 * (301), then runs the check: its result, or its panel with the page's status.
 */
export async function toolResultLoader<Result>(
  tool: RegistrationTool<Result>,
  server: ToolCheck<Result>,
  views: ToolViews<Result>,
  { request, params, context }: LoaderFunctionArgs,
) {
  const about = () => markupForNavigation(context, { about: views.About }) as ToolMarkup;
  const raw = tool.typedVrm(new URL(request.url), params);
  if (raw === null || raw.trim() === '') return { view: 'ask', markup: about() } as ToolPageData<Result>;
  const vrm = normaliseVrm(raw).slice(0, VRM_MAX_LENGTH + 4);
  if (!isValidVrm(vrm)) return data(failedCheck(tool, server, context, vrm, 'invalid_vrm', about()), { status: 400 });
  if (raw !== vrm) throw redirect(tool.resultPath(vrm), 301);

  const outcome = await server.check(context, vrm);
  if (!outcome.ok) {
    context.analytics.track(`${tool.id}_check_failed`, { code: outcome.code });
    return data(failedCheck(tool, server, context, vrm, outcome.code, about()), { status: outcome.status });
  }
  context.analytics.track(`${tool.id}_checked`, server.checked(outcome.result));
  const { Result, ResultEnd, AfterAnother } = views;
  const parts: Partial<Record<'result' | 'resultEnd', ComponentType<{ result: Result }>>> = { result: Result };
  if (ResultEnd) parts.resultEnd = ResultEnd;
  const shown: ToolMarkup = requestMarkupForNavigation(context, parts as Record<'result', ComponentType<{ result: Result }>>, {
    result: outcome.result,
  });
  const markup = shown && AfterAnother ? { ...shown, ...markupForNavigation(context, { afterAnother: AfterAnother }) } : shown;
  return { view: 'result', vrm, result: outcome.result, markup } as ToolPageData<Result>;
}
