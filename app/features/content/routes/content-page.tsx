import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { ContentArticle } from '~/features/shell/content-article';
import { CookieChoice } from '~/features/shell/cookie-choice';
import { GeneralErrorBoundary, useRootData } from '~/features/shell/frame';
import { articleOf, getEntry } from '~/features/content/content.server';
import { contentValues } from '~/features/content/content-values';
import { referralLink } from '~/features/content/referrals';
import { pageMeta } from '~/lib/meta';
import type { RouteFlags } from '~/lib/route-flags';
import { withStickyVrm } from '~/features/shell/sticky-vrm';
import { endpoints } from '../../../../contract/endpoints';

/**
 * Every page of content/pages: one module, a route per file (remix.config.js). The path is the
 * file's name, so the page is found by the path alone.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const slug = url.pathname.replace(/^\/+|\/+$/g, '');
  const entry = getEntry('pages', slug);
  if (!entry) throw new Response('Not Found', { status: 404 });
  // /refer: a signed-in seller's own link (the page stays public for everyone else).
  const referral = slug === 'refer' && context.session.get('auth') ? await ownReferralLink(context, context.config.publicOrigin) : null;
  return { slug, flags: entry.flags, entry: articleOf(entry, contentValues(context.config)), referral };
}

type OwnReferral = { link: string } | { notYet: true } | { unavailable: true };

async function ownReferralLink(context: LoaderFunctionArgs['context'], origin: string): Promise<OwnReferral> {
  try {
    const { code } = await context.gateway.call(endpoints.account.referralLink);
    return code ? { link: referralLink(origin, code) } : { notYet: true };
  } catch (error) {
    console.warn(JSON.stringify({ event: 'referral.link_unavailable', error: String(error) }));
    return { unavailable: true };
  }
}

// A page's front matter may carry route flags (e.g. noSitemap, or stickyVrm on the long ones).
export const handle = withStickyVrm({
  flags: { cache: true },
  flagsFrom: (data: unknown) => (data as { flags?: RouteFlags } | undefined)?.flags,
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.entry.title ?? 'Page not found',
    description: data?.entry.description,
    // docs/behaviour/routes.md#route-behaviour: no suffix on / and /how-it-works.
    suffix: data?.slug !== 'how-it-works',
  });

export default function ContentPage() {
  const { slug, entry, referral } = useLoaderData<typeof loader>();
  const { consent } = useRootData();
  return (
    <ContentArticle entry={entry}>
      {slug === 'cookies' ? <CookieChoice current={consent} /> : null}
      {referral ? <ReferralLink referral={referral} /> : null}
    </ContentArticle>
  );
}

function ReferralLink({ referral }: { referral: OwnReferral }) {
  return (
    <section className="panel info" aria-labelledby="referral-title" data-testid="referral-link">
      <h2 id="referral-title">Your referral link</h2>
      {'link' in referral ? (
        <>
          <p>Send this link to a friend who is selling. When they sign up through it, we know you sent them.</p>
          <label htmlFor="referral-link-input">Your link</label>
          <input id="referral-link-input" type="text" readOnly value={referral.link} onFocus={(event) => event.currentTarget.select()} />
        </>
      ) : 'notYet' in referral ? (
        <p>Your link appears here once you have sold a vehicle with us: we pay rewards into the account we paid you into.</p>
      ) : (
        <p role="alert">Sorry, we couldn&rsquo;t load your referral link just now. Please refresh the page and try again.</p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
