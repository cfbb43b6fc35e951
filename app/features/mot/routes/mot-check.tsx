import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { motTool } from '~/features/mot/mot-tool';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { ToolFormPage, toolFormMeta } from '~/features/tools/tool-pages';
import { toolFormAction } from '~/features/tools/tool.server';
import { routeFlags } from '~/lib/route-flags';

/** `/mot-check`: the MOT check's form. */
export const handle = routeFlags(motTool.formFlags);
export const meta = toolFormMeta(motTool);
export const action = (args: ActionFunctionArgs) => toolFormAction(motTool, args);

export default function MotCheckPage() {
  return <ToolFormPage tool={motTool} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
