import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import type { EventValue } from '../../../contract/shell';
import { isValidVrm, normaliseVrm, VRM_MAX_LENGTH } from '../../../contract/vrm';
import { invalid, parseForm } from '~/lib/forms/form.server';
import { LookupSchema } from '~/lib/forms/validation.server';
import type { RegistrationTool, ToolOutcome, ToolPageData } from './registration-tool';

/** A tool's server half: its check, and what the analytics event of a check that worked records. */
export interface ToolCheck<Result> {
  check(context: AppLoadContext, vrm: string): Promise<ToolOutcome<Result>>;
  checked(result: Result): Record<string, EventValue>;
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
  { request, params, context }: LoaderFunctionArgs,
) {
  const raw = tool.typedVrm(new URL(request.url), params);
  if (raw === null || raw.trim() === '') return { view: 'ask' } as ToolPageData<Result>;
  const vrm = normaliseVrm(raw).slice(0, VRM_MAX_LENGTH + 4);
  if (!isValidVrm(vrm)) return data({ view: 'error', vrm, code: 'invalid_vrm' } as ToolPageData<Result>, { status: 400 });
  if (raw !== vrm) throw redirect(tool.resultPath(vrm), 301);

  const outcome = await server.check(context, vrm);
  if (!outcome.ok) {
    context.analytics.track(`${tool.id}_check_failed`, { code: outcome.code });
    return data({ view: 'error', vrm, code: outcome.code } as ToolPageData<Result>, { status: outcome.status });
  }
  context.analytics.track(`${tool.id}_checked`, server.checked(outcome.result));
  return { view: 'result', vrm, result: outcome.result } as ToolPageData<Result>;
}
