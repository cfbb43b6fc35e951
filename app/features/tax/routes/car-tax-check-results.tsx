import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { isValidVrm, normaliseVrm, VRM_MAX_LENGTH } from '../../../../contract/vrm';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { TAX_CHECK_ACTION, TAX_CHECK_BUTTON, TAX_CHECK_INTRO, TaxCheckHero, TaxResults } from '~/features/tax/tax-check';
import { VrmForm } from '~/features/shell/vrm-form';
import { lookupErrorStatus } from '~/features/entry/lookup-errors';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { useRootData } from '~/features/shell/frame';
import { endpoints } from '../../../../contract/endpoints';
import { toLookupErrorCode } from '../../../../contract/vehicles';
import { panelFailure } from '~/lib/failures.server';

// One vehicle's answer: nothing for search engines; a registration field of its own.
export const handle = routeFlags({ noRobots: true, noSitemap: true, hideVehicleLookup: true });

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) =>
  pageMeta(matches, { title: page?.kind === 'ok' ? `Tax for ${page.tax.vrmPretty}` : 'Car tax check' });

/**
 * /car-tax-check/results?vrm=…: the answer for one registration, asked afresh on every load, so a
 * bookmark or a reload shows today's status. A failed check shows the hero's panel for its code
 * over the form, with the registration kept.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get('vrm');
  if (raw === null || raw.trim() === '') return { kind: 'empty' as const };
  const vrm = normaliseVrm(raw).slice(0, VRM_MAX_LENGTH + 4);
  if (!isValidVrm(vrm)) return data({ kind: 'error' as const, code: 'invalid_vrm' as const, vrm }, { status: 400 });
  // One address per registration: 'ke19 fta' → KE19FTA.
  if (raw !== vrm) throw redirect(`/car-tax-check/results?vrm=${encodeURIComponent(vrm)}`, 301);

  const result = await context.gateway.attempt(endpoints.tax.check, { params: { vrm } });
  const tax = result.ok ? result.value.tax : null;
  if (!tax) {
    const failed = result.ok ? { code: result.value.code, outage: false } : panelFailure(result.failure, 'tax_check.failed');
    const code = toLookupErrorCode(failed.code);
    context.analytics.track('tax_check_failed', { code });
    return data({ kind: 'error' as const, code, vrm }, { status: lookupErrorStatus(code, failed.outage) });
  }
  context.analytics.track('tax_checked', { state: tax.status.state, basis: tax.assessment.kind });
  return { kind: 'ok' as const, tax };
}

export default function CarTaxCheckResults() {
  const page = useLoaderData<typeof loader>();
  const { brandName } = useRootData();
  if (page.kind !== 'ok') {
    return (
      <TaxCheckHero
        title="Car tax check"
        text={page.kind === 'empty' ? 'Enter a registration to see its tax.' : TAX_CHECK_INTRO}
        error={page.kind === 'error' ? { code: page.code, vrm: page.vrm } : null}
        brandName={brandName}
      />
    );
  }
  return (
    <div className="stack">
      <TaxResults tax={page.tax} />
      <section className="card" aria-labelledby="tax-check-another">
        <h2 id="tax-check-another">Check another vehicle</h2>
        <VrmForm id="tax-check-another-form" action={TAX_CHECK_ACTION} buttonLabel={TAX_CHECK_BUTTON} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
