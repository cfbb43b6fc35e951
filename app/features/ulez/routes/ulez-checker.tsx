import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { ToolFormPage, toolFormMeta } from '~/features/tools/tool-pages';
import { toolFormAction } from '~/features/tools/tool.server';
import { ulezTool } from '~/features/ulez/ulez-tool';
import { routeFlags } from '~/lib/route-flags';

/** `/ulez-checker`: the checker's form (the hero and the footer widget post here). */
export const handle = routeFlags(ulezTool.formFlags);
export const meta = toolFormMeta(ulezTool);
export const action = (args: ActionFunctionArgs) => toolFormAction(ulezTool, args);

export default function UlezChecker() {
  return <ToolFormPage tool={ulezTool} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
