import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { motTool } from '~/features/mot/mot-tool';
import { motViews } from '~/features/mot/mot-views.server';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { ToolFormPage, toolFormMeta } from '~/features/tools/tool-pages';
import { toolFormAction, toolFormLoader } from '~/features/tools/tool.server';
import { routeFlags } from '~/lib/route-flags';

/** `/mot-check`: the MOT check's form. */
export const handle = routeFlags(motTool.formFlags);
export const meta = toolFormMeta(motTool);
export const loader = (args: LoaderFunctionArgs) => toolFormLoader(motViews, args);
export const action = (args: ActionFunctionArgs) => toolFormAction(motTool, args);

export default function MotCheckPage() {
  return <ToolFormPage tool={motTool} views={motViews} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
