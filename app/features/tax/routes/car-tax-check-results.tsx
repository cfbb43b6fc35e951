import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { taxCheck } from '~/features/tax/tax.server';
import { taxTool } from '~/features/tax/tax-tool';
import { taxViews } from '~/features/tax/tax-views.server';
import { ToolResultPage, toolResultMeta } from '~/features/tools/tool-pages';
import { toolResultLoader } from '~/features/tools/tool.server';
import { routeFlags } from '~/lib/route-flags';

/** `/car-tax-check/results?vrm=…`: one vehicle's tax. */
export const handle = routeFlags(taxTool.resultFlags);
export const meta = toolResultMeta(taxTool);
export const loader = (args: LoaderFunctionArgs) => toolResultLoader(taxTool, taxCheck, taxViews, args);

export default function CarTaxCheckResults() {
  return <ToolResultPage tool={taxTool} views={taxViews} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
