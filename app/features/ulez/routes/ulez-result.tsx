import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { ToolResultPage, toolResultMeta } from '~/features/tools/tool-pages';
import { toolResultLoader } from '~/features/tools/tool.server';
import { ulezCheck } from '~/features/ulez/ulez.server';
import { ulezTool } from '~/features/ulez/ulez-tool';
import { UlezSell } from '~/features/ulez/ulez-sell';
import { ulezViews } from '~/features/ulez/ulez-views.server';
import { routeFlags } from '~/lib/route-flags';

/** `/ulez-checker/{reg}`: one vehicle's result, with an address of its own. */
export const handle = routeFlags(ulezTool.resultFlags);
export const meta = toolResultMeta(ulezTool);
export const loader = (args: LoaderFunctionArgs) => toolResultLoader(ulezTool, ulezCheck, ulezViews, args);

export default function UlezResultPage() {
  return <ToolResultPage tool={ulezTool} views={ulezViews} Actions={UlezSell} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
