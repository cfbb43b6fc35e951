import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary, useRootData } from '~/features/shell/frame';
import { loadOrOutage } from '~/lib/failures.server';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { sitePath } from '~/lib/safe-redirect';
import { endpoints } from '../../../../contract/endpoints';
import { SHORT_LINK_CODE } from '../../../../contract/short-links';

// A seller's own link: nothing for search engines or the sitemap.
export const handle = routeFlags({ noRobots: true, noSitemap: true, hideVehicleLookup: true });

type Problem = 'expired' | 'unknown';

const TITLES: Record<Problem, string> = { expired: 'This link has expired', unknown: 'We don’t recognise this link' };

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) =>
  pageMeta(matches, { title: TITLES[page?.problem ?? 'unknown'] });

/**
 * Every answer is the seller's alone and may change (a link expires, a redirect must not outlive
 * it), so nothing may keep one: no browser or shared cache replays an old redirect.
 */
const NO_STORE = { 'Cache-Control': 'no-store' };

const problem = (kind: Problem) => data({ problem: kind }, { status: kind === 'expired' ? 410 : 404, headers: NO_STORE });

/**
 * `/s/{code}`: the short link in a text (docs/notifications.md#short-links). The platform says
 * where it leads; the path goes through the redirect rule (contract/safe-redirect.ts) once more, so
 * even a stored path that is not ours never sends the seller off the site. A code that is not the
 * shape we make is not asked about.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const code = params.code ?? '';
  if (!SHORT_LINK_CODE.test(code)) return problem('unknown');
  const result = await loadOrOutage(async () => {
    const answer = await context.gateway.attempt(endpoints.notify.shortLink, { params: { code } });
    // Unknown and expired are the link's own outcomes, for this page to say; the rest is an outage.
    if (!answer.ok && answer.failure.kind !== 'outcome') throw answer.failure;
    return answer;
  }, context.config.brandName);
  if (!result.ok) return problem(result.failure.outcome === 'expired' ? 'expired' : 'unknown');
  const target = sitePath(result.value.path);
  if (target === null) {
    console.warn(JSON.stringify({ event: 'short_link.refused_path', code }));
    return problem('unknown');
  }
  throw redirect(target, { status: 302, headers: NO_STORE });
}

export default function ShortLink() {
  const { problem } = useLoaderData<typeof loader>();
  const { user } = useRootData();
  return (
    <section className="card stack" aria-labelledby="short-link-title">
      <h1 id="short-link-title">{TITLES[problem]}</h1>
      {problem === 'expired' ? (
        <p>Links in our texts work for a limited time. Everything about your sale is still in your account.</p>
      ) : (
        <p>Check that you opened the whole link from our text. Everything about your sale is in your account.</p>
      )}
      {user ? (
        <p>
          <a className="btn" href="/account">
            Go to your account
          </a>
        </p>
      ) : (
        <p>
          <a className="btn" href="/sign-in">
            Sign in to see your sale
          </a>
        </p>
      )}
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
