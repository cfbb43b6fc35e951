import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { ToolFormPage, toolFormMeta } from '~/features/tools/tool-pages';
import { toolFormAction, toolFormLoader } from '~/features/tools/tool.server';
import { ulezTool } from '~/features/ulez/ulez-tool';
import { ulezViews } from '~/features/ulez/ulez-views.server';
import { routeFlags } from '~/lib/route-flags';

/** `/ulez-checker`: the checker's form (the hero and the footer widget post here). */
export const handle = routeFlags(ulezTool.formFlags);
export const meta = toolFormMeta(ulezTool);
export const loader = (args: LoaderFunctionArgs) => toolFormLoader(ulezViews, args);
export const action = (args: ActionFunctionArgs) => toolFormAction(ulezTool, args);

export default function UlezChecker() {
  return <ToolFormPage tool={ulezTool} views={ulezViews} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
