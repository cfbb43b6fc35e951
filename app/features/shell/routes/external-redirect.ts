import { redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare';

/**
 * Paths that belong to sites of ours elsewhere (docs/behaviour/routes.md#public-routes, docs/behaviour/routes.md#redirects): dealers go to the dealer site,
 * the FAQ is the help centre, the best EV cities study has its own site. Addresses come from configuration; the paths are fixed here, so this
 * is no open redirect.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname.toLowerCase().replace(/\/+$/, '');
  const { dealerSiteUrl, helpCentreUrl, bestEvCitiesUrl } = context.config;
  const target = path === '/faq' ? helpCentreUrl : path === '/best-ev-cities' ? bestEvCitiesUrl : dealerSiteUrl;
  return redirect(target, 302);
}
