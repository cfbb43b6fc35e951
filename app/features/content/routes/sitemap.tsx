import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { sitemapEntries } from '~/features/content/sitemap.server';


export const handle = routeFlags({ cache: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Sitemap', description: 'Every page of the site, in one list.' });

const GROUPS: { title: string; match: (path: string) => boolean }[] = [
  { title: 'Guides', match: (p) => p.startsWith('/guides') },
  { title: 'Blog', match: (p) => p.startsWith('/blog') },
  { title: 'Stories', match: (p) => p.startsWith('/stories') },
  { title: 'Selling by city', match: (p) => p.startsWith('/sell-your-car/') },
  { title: 'Selling by make', match: (p) => p.startsWith('/sell-my-car/brands/') },
  { title: 'Selling', match: (p) => p.startsWith('/sell-my-') || p === '/part-exchange' },
  { title: 'Everything else', match: () => true },
];

/** The sitemap as a page (docs/behaviour/routes.md#public-routes): the same list as /sitemap.xml, grouped for people. */
export async function loader({ context }: LoaderFunctionArgs) {
  const entries = await sitemapEntries(context);
  const groups = GROUPS.map((group) => ({ title: group.title, entries: [] as { path: string; title: string }[] }));
  for (const entry of entries) {
    const index = GROUPS.findIndex((group) => group.match(entry.path));
    groups[index]!.entries.push({ path: entry.path, title: entry.title ?? labelFor(entry.path) });
  }
  return { groups: groups.filter((group) => group.entries.length) };
}

function labelFor(path: string): string {
  if (path === '/') return 'Home';
  const last = path.split('/').filter(Boolean).pop() ?? '';
  return last.charAt(0).toUpperCase() + last.slice(1).replace(/-/g, ' ');
}

export default function Sitemap() {
  const { groups } = useLoaderData<typeof loader>();
  return (
    <div className="card prose">
      <h1>Sitemap</h1>
      {groups.map((group) => (
        <section key={group.title} aria-labelledby={`map-${group.title.replace(/\W+/g, '-')}`}>
          <h2 id={`map-${group.title.replace(/\W+/g, '-')}`}>{group.title}</h2>
          <ul>
            {group.entries.map((entry) => (
              <li key={entry.path}>
                <Link to={entry.path} prefetch="none">
                  {entry.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
