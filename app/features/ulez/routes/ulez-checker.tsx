import { parseWithZod } from '@conform-to/zod';
import { clockNow } from '~/lib/clock.server';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { ULEZ, zoneById, zoneVerdicts, DIESEL_STANDARD, PETROL_STANDARD, MOTORCYCLE_STANDARD, type ZoneVerdict } from '../../../../contract/zones';
import { formatVrm, isValidVrm, normaliseVrm } from '../../../../contract/vrm';
import { SourceList } from '~/features/shell/content-article';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { LookupErrorPanelView } from '~/features/entry/lookup-error-panel';
import { VrmForm } from '~/features/shell/vrm-form';
import { formatDate, fuelName } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import type { RouteFlags } from '~/lib/route-flags';
import { ulezErrorPanel, ulezErrorStatus } from '~/features/ulez/ulez-errors';
import { keepUlezResult, type UlezVehicleData } from '~/features/ulez/ulez.server';
import { LookupSchema } from '~/lib/forms/validation';
import { useRootData } from '~/features/shell/frame';
import { endpoints } from '../../../../contract/endpoints';
import { ulezErrorCode } from '../../../../contract/ulez';
import { panelFailure } from '~/lib/failures.server';

/**
 * The ULEZ checker (spec 1 §2, §8, §9; spec 2 §2.1): `/ulez-checker`, the form, and
 * `/ulez-checker/{reg}`, the result. The form only checks the registration's shape and moves on, so
 * a result has an address of its own that can be bookmarked and reloaded. The last result is kept
 * in the session (`ulezVehicleData`): a reload shows it without asking the platform again, even
 * while the platform is down. What each zone means is worked out from the same zones module the
 * platform answers from (contract/zones.ts).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  if (!params.results) return { view: 'form' as const, flags: { cache: true } as RouteFlags };
  const vrm = normaliseVrm(params.results);
  const flags: RouteFlags = { noRobots: true, noSitemap: true };
  if (!isValidVrm(vrm)) return data({ view: 'error' as const, vrm, code: 'default' as const, flags }, { status: 404 });
  const kept = context.session.get('ulezVehicleData');
  const year = clockNow().getUTCFullYear();
  if (kept?.vehicle.vrm === vrm) return { view: 'result' as const, result: kept, year, flags };

  const checked = await context.gateway.attempt(endpoints.ulez.check, { body: { vrm } });
  if (!checked.ok || !checked.value.vehicle) {
    const code = ulezErrorCode(checked.ok ? null : panelFailure(checked.failure, 'ulez_check.failed').code);
    context.analytics.track('ulez_check_failed', { code });
    return data({ view: 'error' as const, vrm, code, flags }, { status: ulezErrorStatus(code) });
  }
  const result = keepUlezResult(checked.value);
  context.session.set('ulezVehicleData', result);
  context.analytics.track('ulez_checked', { compliant: result.isCompliant });
  return { view: 'result' as const, result, year, flags };
}

export const handle = { flagsFrom: (loaderData: unknown) => (loaderData as { flags?: RouteFlags } | undefined)?.flags };

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(
    matches,
    data?.view === 'result'
      ? { title: `Is ${data.result.vehicle.vrmPretty} ULEZ compliant?` }
      : { title: 'ULEZ checker', description: 'Check whether your car, van or motorcycle meets the ULEZ standard, and what London and the UK’s other clean air zones charge it. Free.' },
  );

/** POST /ulez-checker (the hero and the footer widget): the shape of the reg, then its result's address. */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: LookupSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  throw redirect(`/ulez-checker/${encodeURIComponent(submission.value.vrm)}`, 303);
}

export default function UlezChecker() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { brandName } = useRootData();
  if (loaded.view === 'result') return <UlezResult result={loaded.result} year={loaded.year} />;
  const panel = loaded.view === 'error' ? ulezErrorPanel(loaded.code, brandName) : null;
  const vrm = loaded.view === 'error' ? loaded.vrm : undefined;
  return (
    <div className="stack">
      <section className="hero" aria-labelledby="ulez-title">
        <h1 id="ulez-title">ULEZ checker</h1>
        {panel ? (
          <LookupErrorPanelView panel={panel} vrm={vrm ?? ''} action="/ulez-checker" />
        ) : (
          <p className="strap">Find out whether your vehicle meets the ULEZ standard, and what London and the UK&rsquo;s other clean air zones would charge it.</p>
        )}
        <VrmForm
          id="ulez-checker"
          label="Enter your vehicle reg"
          action="/ulez-checker"
          defaultVrm={vrm}
          lastResult={lastResult}
          buttonLabel={panel ? 'Check again' : 'Check compliance'}
        />
      </section>
      <UlezAbout />
    </div>
  );
}

function UlezAbout() {
  return (
    <section className="card" aria-labelledby="ulez-about-title">
      <h2 id="ulez-about-title">The ULEZ standard</h2>
      <ul>
        <li>Petrol cars and vans: Euro {PETROL_STANDARD.euro} or newer, as a rule those first registered from January 2006.</li>
        <li>Diesel cars and vans: Euro {DIESEL_STANDARD.euro}, as a rule those first registered from September 2015.</li>
        <li>Motorcycles and mopeds: Euro {MOTORCYCLE_STANDARD.euro}.</li>
        <li>Electric vehicles meet it: they have no exhaust.</li>
      </ul>
      <p>
        A vehicle below the standard pays £{ULEZ.dailyCharge.toFixed(2)} a day to drive anywhere in London. England&rsquo;s clean air zones
        and Scotland&rsquo;s low emission zones use the same standard.
      </p>
      <p>
        <a href="/guides/ulez-and-clean-air-zones">Our guide to the ULEZ and clean air zones</a>
      </p>
    </section>
  );
}

const STANDARD_TEXT = {
  PETROL: `petrol cars and vans need Euro ${PETROL_STANDARD.euro}`,
  'HYBRID ELECTRIC': `hybrids are held to the petrol standard, Euro ${PETROL_STANDARD.euro}`,
  DIESEL: `diesel cars and vans need Euro ${DIESEL_STANDARD.euro}`,
} as Record<string, string>;

function UlezResult({ result, year }: { result: UlezVehicleData; year: number }) {
  const { vehicle, isCompliant, basis, euroStatus } = result;
  const zones = zoneVerdicts(vehicle.vehicleType, isCompliant);
  const age = year - Number(vehicle.firstRegistered.slice(0, 4));
  return (
    <div className="stack">
      <section className="card" aria-labelledby="ulez-result-title" data-testid="ulez-result">
        <h1 id="ulez-result-title">
          Is <span className="reg">{vehicle.vrmPretty}</span> ULEZ compliant?
        </h1>
        <p>
          {vehicle.make} {vehicle.model}, {fuelName(vehicle.fuel).toLowerCase()}, first registered {formatDate(`${vehicle.firstRegistered}-01`).replace(/^1 /, '')}.
        </p>
        {isCompliant === null ? (
          <div className="panel" role="status">
            <h2>Compliance status unavailable</h2>
            <p>Unfortunately, we are unable to confirm whether this car is ULEZ compliant.</p>
            <p>
              {basis === 'unknown' && vehicle.vehicleType === 'motorcycle'
                ? 'The register holds no Euro status for this motorcycle, and its age alone does not tell us which standard it was built to.'
                : `The ULEZ standard is written for petrol, diesel and hybrid engines, and this vehicle runs on ${fuelName(vehicle.fuel).toLowerCase()}.`}{' '}
              Transport for London can check it for you.
            </p>
          </div>
        ) : (
          <div className={`verdict ${isCompliant ? 'ok' : 'no'}`} role="status">
            <p className="big">{isCompliant ? 'Yes: it meets the ULEZ standard' : 'No: it does not meet the ULEZ standard'}</p>
            <p>
              {basis === 'zero_emission'
                ? 'It is electric: with no exhaust, there is nothing to check.'
                : basis === 'euro_status'
                  ? `Its engine is Euro ${euroStatus}; ${vehicle.vehicleType === 'motorcycle' ? `motorcycles need Euro ${MOTORCYCLE_STANDARD.euro}` : STANDARD_TEXT[vehicle.fuel]}.`
                  : `The register holds no Euro status for it, so this is an estimate from when it was first registered: ${STANDARD_TEXT[vehicle.fuel]}, which as a rule means ${
                      vehicle.fuel === 'DIESEL' ? 'first registered from September 2015' : 'first registered from January 2006'
                    }. Check with the maker or Transport for London before you rely on it.`}
            </p>
          </div>
        )}
      </section>

      {isCompliant === null ? null : <London compliant={isCompliant} />}
      {isCompliant === false ? <Scrappage /> : null}
      {zones.length ? <OtherZones zones={zones} /> : null}
      {age >= 40 ? (
        <section className="card" aria-labelledby="historic-title">
          <h2 id="historic-title">Over 40 years old</h2>
          <p>
            Vehicles in the historic vehicle tax class, which a vehicle can join at 40 years old, don&rsquo;t pay the ULEZ charge, and
            Scotland&rsquo;s low emission zones and England&rsquo;s clean air zones exempt historic vehicles too. Check the tax class on your V5C.
          </p>
        </section>
      ) : null}

      <section className="card" aria-labelledby="value-title">
        <h2 id="value-title">Thinking of selling?</h2>
        <p>Dealers all over the UK bid in our daily sale, whether or not a car meets the ULEZ standard. Collection is free.</p>
        <Form method="post" action="/?index">
          <input type="hidden" name="vrm" value={vehicle.vrm} />
          <button className="btn" type="submit">
            Value my {vehicle.make}
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="check-another-title">
        <h2 id="check-another-title">Check another vehicle</h2>
        <VrmForm id="ulez-checker" label="Enter your vehicle reg" action="/ulez-checker" buttonLabel="Check compliance" />
      </section>
    </div>
  );
}

function London({ compliant }: { compliant: boolean }) {
  const zone = zoneById('london-ulez');
  return (
    <section className="card" aria-labelledby="london-title">
      <h2 id="london-title">In London</h2>
      <p>
        {compliant
          ? 'No ULEZ charge: it can drive anywhere in London without paying one.'
          : `It pays £${ULEZ.dailyCharge.toFixed(2)} a day to drive anywhere in London, ${lowerFirst(zone.hours!)}.`}
      </p>
      <ul>
        {ULEZ.stages.map((stage) => (
          <li key={stage.since}>
            {stage.area}: since {formatDate(stage.since)}
          </li>
        ))}
      </ul>
      {compliant ? null : <p className="small">Not paying: {lowerFirst(zone.penalty)}</p>}
      <p className="small">The Congestion Charge is separate, and most vehicles pay it in central London whatever their engine.</p>
      <SourceList sources={zone.sources} />
    </section>
  );
}

function Scrappage() {
  return (
    <section className="card" aria-labelledby="scrappage-title">
      <h2 id="scrappage-title">Scrappage</h2>
      <p>
        Transport for London&rsquo;s scrappage scheme paid up to £{ULEZ.scrappage.car.toLocaleString('en-GB')} for a car and £
        {ULEZ.scrappage.motorcycle.toLocaleString('en-GB')} for a motorcycle or moped, but it closed to new applications on{' '}
        {formatDate(ULEZ.scrappage.closedOn)}. Selling is the way to get money for it now.
      </p>
      <SourceList sources={[...ULEZ.scrappageSources]} />
    </section>
  );
}

function OtherZones({ zones }: { zones: ZoneVerdict[] }) {
  const others = zones.filter((verdict) => verdict.zoneId !== 'london-ulez');
  const affected = others.filter((verdict) => verdict.outcome !== 'free');
  const free = others.filter((verdict) => verdict.outcome === 'free');
  return (
    <section className="card" aria-labelledby="zones-title">
      <h2 id="zones-title">Elsewhere in the UK</h2>
      {affected.length ? (
        <ul className="zone-list">
          {affected.map((verdict) => {
            const zone = zoneById(verdict.zoneId);
            return (
              <li key={zone.id} data-testid={`zone-${zone.id}`}>
                <h3>{zone.name}</h3>
                <p>
                  {verdict.outcome === 'barred'
                    ? 'Must not enter: there is no charge to pay, only a penalty.'
                    : `£${verdict.charge!.toFixed(2).replace(/\.00$/, '')} a day.`}{' '}
                  {zone.since.length === 7 ? `Since ${formatDate(`${zone.since}-01`).replace(/^1 /, '')}` : `Since ${formatDate(zone.since)}`}
                  {zone.hours ? `, ${lowerFirst(zone.hours)}` : ''}.
                </p>
                <p className="small">{zone.penalty}</p>
                <details>
                  <summary>Sources</summary>
                  <SourceList sources={zone.sources} />
                </details>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>No charge and no ban in any of the UK&rsquo;s other clean air or low emission zones.</p>
      )}
      {affected.length && free.length ? (
        <p>
          Free to drive in: {free.map((verdict) => zoneById(verdict.zoneId).name).join(', ')}.
        </p>
      ) : null}
      <p className="small">
        We list the zones whose rules we could confirm from official and published sources. Oxford&rsquo;s Zero Emission Zone is not
        included: its charges were under review and we could not confirm today&rsquo;s.
      </p>
    </section>
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
