import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { taxTool } from '~/features/tax/tax-tool';
import { ToolFormPage, toolFormMeta } from '~/features/tools/tool-pages';
import { toolFormAction } from '~/features/tools/tool.server';
import { routeFlags } from '~/lib/route-flags';

/** `/car-tax-check`: the car tax check's form. */
export const handle = routeFlags(taxTool.formFlags);
export const meta = toolFormMeta(taxTool);
export const action = (args: ActionFunctionArgs) => toolFormAction(taxTool, args);

export default function CarTaxCheck() {
  return <ToolFormPage tool={taxTool} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
