import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { ContentArticle, EntryList } from '~/components/content-article';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { getEntry, listEntries, summary, type Collection } from '~/lib/content.server';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';

/**
 * Guides and stories: an index and one page per entry. Guides answer under both /guides and
 * /sell-my-car/guides (spec 2 §2.1) from one source, and name /guides as the canonical address.
 */
const SECTIONS: Record<string, { collection: Collection; base: string; canonicalBase: string; title: string }> = {
  'routes/guides': { collection: 'guides', base: '/guides', canonicalBase: '/guides', title: 'Guides' },
  'routes/sell-my-car-guides': { collection: 'guides', base: '/sell-my-car/guides', canonicalBase: '/guides', title: 'Guides' },
  'routes/stories': { collection: 'stories', base: '/stories', canonicalBase: '/stories', title: 'Stories' },
};

function sectionOf(id: string) {
  const section = SECTIONS[id];
  if (!section) throw new Error(`articles.tsx is not set up for ${id}`);
  return section;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const id = url.pathname.startsWith('/sell-my-car/guides') ? 'routes/sell-my-car-guides' : url.pathname.startsWith('/stories') ? 'routes/stories' : 'routes/guides';
  const section = sectionOf(id);
  const canonical = `${url.origin}${section.canonicalBase}${params.slug ? `/${params.slug}` : ''}`;
  if (params.slug) {
    const entry = params.slug === 'index' ? null : getEntry(section.collection, params.slug);
    if (!entry) throw new Response('Not Found', { status: 404 });
    const { html, title, description, date, author, sources, illustrative, draft } = entry;
    return { kind: 'entry' as const, base: section.base, canonical, entry: { html, title, description, date, author, sources, illustrative, draft } };
  }
  const intro = getEntry(section.collection, 'index');
  return {
    kind: 'index' as const,
    base: section.base,
    canonical,
    title: intro?.title ?? section.title,
    description: intro?.description,
    intro: intro?.html ?? '',
    entries: listEntries(section.collection).map(summary),
  };
}


// The same for every visitor: shared caches may keep it.
export const handle = routeFlags({ cache: true });

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
