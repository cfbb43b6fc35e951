import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { ContentArticle, EntryList } from '~/features/shell/content-article';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { articleOf, blogDateTitle, blogPost, blogPostPath, blogPostsUnder, summary } from '~/features/content/content.server';
import { contentValues } from '~/features/content/content-values';
import { pageMeta } from '~/lib/meta';
import { withStickyVrm } from '~/features/shell/sticky-vrm';
import { routeFlags, type RouteFlags } from '~/lib/route-flags';

/** /blog/{year?}/{month?}/{day?}/{post?}: date pages list the posts of that date and get a date title. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const path = { year: params.year, month: params.month, day: params.day, post: params.post };
  const values = contentValues(context.config);
  if (path.post) {
    const entry = blogPost(path);
    if (!entry) throw new Response('Not Found', { status: 404 });
    return { kind: 'post' as const, entry: articleOf(entry, values) };
  }
  const title = blogDateTitle(path);
  if (!title) throw new Response('Not Found', { status: 404 });
  const posts = blogPostsUnder(path);
  // A date with no posts is not a page (it would be an empty one for every day of the calendar).
  if (path.year && !posts.length) throw new Response('Not Found', { status: 404 });
  return { kind: 'date' as const, title, posts: posts.map((post) => ({ ...summary(post, values), slug: blogPostPath(post.slug) })) };
}


// The same for every visitor: shared caches may keep it. A post is long reading: the registration
// banner follows the seller down it (not a date's list of posts).
export const handle = withStickyVrm({
  ...routeFlags({ cache: true }),
  flagsFrom: (data: unknown): RouteFlags | undefined => ((data as { kind?: string } | undefined)?.kind === 'post' ? { stickyVrm: true } : undefined),
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.kind === 'post' ? data.entry.title : (data?.title ?? 'Page not found'),
    description: data?.kind === 'post' ? data.entry.description : 'News and explainers from the Kerbside team.',
  });

export default function Blog() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === 'post') return <ContentArticle entry={data.entry} showDate />;
  return (
    <div className="stack">
      <section className="card" aria-labelledby="content-title">
        <h1 id="content-title">{data.title}</h1>
      </section>
      <EntryList entries={data.posts} hrefFor={(path) => path} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
