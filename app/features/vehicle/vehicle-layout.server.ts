import { data, redirect, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { formatVrm, isValidVrm, normaliseVrm } from '../../../contract/vrm';
import { degraded, readOrOutage } from '~/lib/failures.server';
import { VehicleHeader, VehicleNotFound, type HeaderVehicle } from './vehicle-header.server';
import { markupNow, requestMarkupForNavigation } from '~/lib/server-markup.server';
import { currentEnquiry } from '../sale/seller-sale.server';
import { stepRedirect } from '../sale/sale-steps';
import { endpoints } from '../../../contract/endpoints';

/**
 * `/{vrm}`: the layout of every vehicle page. The vehicle is the critical data, awaited here;
 * child segments defer what is slow.
 */
export async function loadVehicleLayout({ request, params, context }: LoaderFunctionArgs) {
  const vrm = normaliseVrm(params.vrm ?? '');
  if (!isValidVrm(vrm)) throw new Response('Not Found', { status: 404 });
  const signedIn = !!context.session.get('auth');
  const { brandName } = context.config;
  // The header's markup for a client-side navigation; a document renders it in place (ServerMarkup).
  const header = (vehicle: HeaderVehicle) =>
    requestMarkupForNavigation(context, { header: VehicleHeader }, { vehicle, changeCar: signedIn })?.header ?? null;
  // An outage leaves the page standing on what the session holds (docs/decisions/026): the car as
  // the seller looked it up and no sale, so that a step's form comes back with what was typed in it
  // rather than the page-load failure.
  const read = await readOrOutage(
    () =>
      Promise.all([
        context.gateway.attempt(endpoints.entry.vehicle, { params: { vrm } }).then((result) => {
          if (result.ok) return result.value;
          // The register has no such vehicle (the endpoint's outcome): the page says so, not the page-load failure.
          if (result.failure.kind === 'outcome') return null;
          throw result.failure;
        }),
        signedIn ? currentEnquiry(context.gateway, vrm) : Promise.resolve(null),
      ]),
    brandName,
  );
  if (read.outage) {
    const held = heldVehicle(context, vrm);
    return degraded({ vehicle: held, header: header(held), current: null, status: null, outage: read.outage });
  }
  const [vehicle, current] = read.value;
  if (!vehicle) throw data({ kind: 'vehicle_not_found' as const, vrm, markup: markupNow(VehicleNotFound, {}) }, { status: 404 });

  // The seller's sale decides which step of /{vrm}/… they may be on (docs/behaviour/states.md).
  let status = null;
  if (current) {
    const slug = current.enquiry.dpStateSlug;
    if (current.sale && (slug === 'sold-confirmed' || slug === 'sold-documents-reviewed')) {
      const read = await readOrOutage(() => context.gateway.call(endpoints.sale.status, { params: { id: current.enquiry.id } }), brandName);
      if (read.outage)
        return degraded({ vehicle: vehicle as HeaderVehicle, header: header(vehicle), current: null, status: null, outage: read.outage });
      status = read.value;
    }
    const url = new URL(request.url);
    const step = decodeURIComponent(url.pathname).split('/').slice(2).join('/');
    const facts = current.sale && status ? { sale: current.sale, ...status } : null;
    const target = stepRedirect(vrm, status?.dpStateSlug ?? slug, step, facts);
    if (target && target.split('?')[0] !== url.pathname) throw redirect(target);
  }
  return { vehicle: vehicle as HeaderVehicle, header: header(vehicle), current, status, outage: null };
}

/** The car as the session holds it: the lookup's facts when it is the car the seller valued, else its plate alone. */
function heldVehicle(context: AppLoadContext, vrm: string): HeaderVehicle {
  const looked = context.session.get('lookup')?.vehicle;
  if (looked?.vrm !== vrm) return { vrm_pretty: formatVrm(vrm) };
  const { make, model, year, colour, fuel } = looked;
  return { vrm_pretty: formatVrm(vrm), make, model, year, colour, fuel };
}
