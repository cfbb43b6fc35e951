import {
  DIESEL_STANDARD,
  MOTORCYCLE_STANDARD,
  PETROL_STANDARD,
  ULEZ,
  zoneById,
  zoneVerdicts,
  type ZoneVerdict,
} from '../../../contract/zones';
import { SourceList } from '~/features/shell/source-list';
import type { ToolViews } from '~/features/tools/registration-tool';
import { formatDate, fuelName } from '~/lib/format';
import type { UlezResult } from './ulez-tool';

/**
 * The ULEZ checker's views: server markup (ToolViews), so the zones table and the words worked out
 * from it stay out of the pages' scripts. What each zone means comes from the same zones module
 * the platform answers from (contract/zones.ts).
 */
export const ulezViews: ToolViews<UlezResult> = { About: UlezAbout, Result: UlezResultView };

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

function UlezResultView({ result }: { result: UlezResult }) {
  const { vehicle, isCompliant, basis, euroStatus, year } = result;
  const zones = zoneVerdicts(vehicle.vehicleType, isCompliant);
  const age = year - Number(vehicle.firstRegistered.slice(0, 4));
  return (
    <>
      <section className="card" aria-labelledby="ulez-result-title" data-testid="ulez-result">
        <h1 id="ulez-result-title">
          Is <span className="reg">{vehicle.vrmPretty}</span> ULEZ compliant?
        </h1>
        <p>
          {vehicle.make} {vehicle.model}, {fuelName(vehicle.fuel).toLowerCase()}, first registered{' '}
          {formatDate(`${vehicle.firstRegistered}-01`).replace(/^1 /, '')}.
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
            Scotland&rsquo;s low emission zones and England&rsquo;s clean air zones exempt historic vehicles too. Check the tax class on
            your V5C.
          </p>
        </section>
      ) : null}
    </>
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
                  {zone.since.length === 7
                    ? `Since ${formatDate(`${zone.since}-01`).replace(/^1 /, '')}`
                    : `Since ${formatDate(zone.since)}`}
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
      {affected.length && free.length ? <p>Free to drive in: {free.map((verdict) => zoneById(verdict.zoneId).name).join(', ')}.</p> : null}
      <p className="small">
        We list the zones whose rules we could confirm from official and published sources. Oxford&rsquo;s Zero Emission Zone is not
        included: its charges were under review and we could not confirm today&rsquo;s.
      </p>
    </section>
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
