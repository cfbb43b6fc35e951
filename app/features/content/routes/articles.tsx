import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { ContentArticle, EntryList } from '~/features/shell/content-article';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { articleOf, getEntry, listEntries, summary, type Collection } from '~/features/content/content.server';
import { contentValues, fillContent, fillText } from '~/features/content/content-values';
import { pageMeta } from '~/lib/meta';
import { withStickyVrm } from '~/features/shell/sticky-vrm';
import { routeFlags, type RouteFlags } from '~/lib/route-flags';

/**
 * Guides and stories: an index and one page per entry. Guides answer under both /guides and
 * /sell-my-car/guides (docs/behaviour/routes.md#public-routes) from one source, and name /guides as the canonical address.
 */
const SECTIONS: { base: string; collection: Collection; canonicalBase: string; title: string }[] = [
  { base: '/sell-my-car/guides', collection: 'guides', canonicalBase: '/guides', title: 'Guides' },
  { base: '/guides', collection: 'guides', canonicalBase: '/guides', title: 'Guides' },
  { base: '/stories', collection: 'stories', canonicalBase: '/stories', title: 'Stories' },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const section = SECTIONS.find((s) => url.pathname.startsWith(s.base))!;
  // On the configured origin, never the request's: a page fetched with another Host would name that host canonical.
  const canonical = `${context.config.publicOrigin}${section.canonicalBase}${params.slug ? `/${params.slug}` : ''}`;
  const values = contentValues(context.config);
  if (params.slug) {
    const entry = params.slug === 'index' ? null : getEntry(section.collection, params.slug);
    if (!entry) throw new Response('Not Found', { status: 404 });
    return { kind: 'entry' as const, base: section.base, canonical, entry: articleOf(entry, values) };
  }
  const intro = getEntry(section.collection, 'index');
  return {
    kind: 'index' as const,
    base: section.base,
    canonical,
    title: intro?.title ?? section.title,
    description: intro ? fillText(intro.description, values) : undefined,
    intro: intro ? fillContent(intro.html, values) : '',
    entries: listEntries(section.collection).map((entry) => summary(entry, values)),
  };
}

// The same for every visitor: shared caches may keep it. A guide or story is long reading: the
// registration banner follows the seller down it (not the index, a short list).
export const handle = withStickyVrm({
  ...routeFlags({ cache: true }),
  flagsFrom: (data: unknown): RouteFlags | undefined => ((data as { kind?: string } | undefined)?.kind === 'entry' ? { stickyVrm: true } : undefined),
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const tags = pageMeta(matches, {
    title: data?.kind === 'entry' ? data.entry.title : (data?.title ?? 'Page not found'),
    description: data?.kind === 'entry' ? data.entry.description : data?.description,
  });
  return data ? [...tags, { tagName: 'link', rel: 'canonical', href: data.canonical }] : tags;
};

export default function Articles() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === 'entry') return <ContentArticle entry={data.entry} showDate />;
  return (
    <div className="stack">
      <section className="card prose" aria-labelledby="content-title">
        <h1 id="content-title">{data.title}</h1>
        <div dangerouslySetInnerHTML={{ __html: data.intro }} />
      </section>
      <EntryList entries={data.entries} hrefFor={(slug) => `${data.base}/${slug}`} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
