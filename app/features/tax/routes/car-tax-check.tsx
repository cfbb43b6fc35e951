import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { taxTool } from '~/features/tax/tax-tool';
import { taxViews } from '~/features/tax/tax-views.server';
import { ToolFormPage, toolFormMeta } from '~/features/tools/tool-pages';
import { toolFormAction, toolFormLoader } from '~/features/tools/tool.server';
import { routeFlags } from '~/lib/route-flags';

/** `/car-tax-check`: the car tax check's form. */
export const handle = routeFlags(taxTool.formFlags);
export const meta = toolFormMeta(taxTool);
export const loader = (args: LoaderFunctionArgs) => toolFormLoader(taxViews, args);
export const action = (args: ActionFunctionArgs) => toolFormAction(taxTool, args);

export default function CarTaxCheck() {
  return <ToolFormPage tool={taxTool} views={taxViews} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
