import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { ContentArticle } from '~/components/content-article';
import { CookieChoice } from '~/components/cookie-notice';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { articleOf, getEntry } from '~/lib/content.server';
import { pageMeta } from '~/lib/meta';
import type { RouteFlags } from '~/lib/route-flags';
import { useRootData } from '~/root';

/**
 * Every page of content/pages: one module, a route per file (remix.config.js). The path is the
 * file's name, so the page is found by the path alone.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, '');
  const entry = getEntry('pages', slug);
  if (!entry) throw new Response('Not Found', { status: 404 });
  return { slug, flags: entry.flags, entry: articleOf(entry) };
}

// A page's front matter may carry route flags (e.g. noSitemap).
export const handle = { flags: { cache: true }, flagsFrom: (data: unknown) => (data as { flags?: RouteFlags } | undefined)?.flags };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.entry.title ?? 'Page not found',
    description: data?.entry.description,
    // spec 2 §2.6: no suffix on / and /how-it-works.
    suffix: data?.slug !== 'how-it-works',
  });

export default function ContentPage() {
  const { slug, entry } = useLoaderData<typeof loader>();
  const { consent } = useRootData();
  return (
    <ContentArticle entry={entry}>
      {slug === 'cookies' ? <CookieChoice current={consent} /> : null}
    </ContentArticle>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
