import { data, redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { isValidVrm, normaliseVrm } from '../../../contract/vrm';
import { loadOrOutage } from '~/lib/failures.server';
import { currentEnquiry } from './sale.server';
import { stepRedirect } from './sale-steps';
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
  // An outage is the page-load failure, which hands a plain form post's typed values back (ADR 010),
  // not the generic error page.
  const [vehicle, current] = await loadOrOutage(
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
  if (!vehicle) throw data({ kind: 'vehicle_not_found' as const, vrm }, { status: 404 });

  // The seller's sale decides which step of /{vrm}/… they may be on (docs/behaviour/states.md).
  let status = null;
  if (current) {
    const slug = current.enquiry.dpStateSlug;
    if (current.sale && (slug === 'sold-confirmed' || slug === 'sold-documents-reviewed')) {
      status = await loadOrOutage(() => context.gateway.call(endpoints.sale.status, { params: { id: current.enquiry.id } }), brandName);
    }
    const url = new URL(request.url);
    const step = decodeURIComponent(url.pathname).split('/').slice(2).join('/');
    const facts = current.sale && status ? { sale: current.sale, ...status } : null;
    const target = stepRedirect(vrm, status?.dpStateSlug ?? slug, step, facts);
    if (target && target.split('?')[0] !== url.pathname) throw redirect(target);
  }
  return { vehicle, current, status };
}
