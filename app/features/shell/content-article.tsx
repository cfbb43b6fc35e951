import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { formatDate } from '~/lib/format';
import { SourceList } from './source-list';

export interface ArticleData {
  title: string;
  date: string;
  author: string;
  html: string;
  sources: { title: string; url: string; accessed: string }[];
  illustrative: boolean;
  /** Terms a seller agrees to: dated by the page's own front matter, so the date moves only when the text does. */
  legal: boolean;
}

/** A page from the content store: its title, the compiled body, and where outside facts came from. */
export function ContentArticle({ entry, showDate = false, children }: { entry: ArticleData; showDate?: boolean; children?: ReactNode }) {
  return (
    <article className="card prose" aria-labelledby="content-title">
      <h1 id="content-title">{entry.title}</h1>
      {showDate ? (
        <p className="muted small">
          {entry.author}, {formatDate(entry.date)}
        </p>
      ) : null}
      {entry.legal ? <p className="muted small">Last updated {formatDate(entry.date)}</p> : null}
      {entry.illustrative ? <p className="panel info">An example to show how a sale goes, not a customer&rsquo;s account.</p> : null}
      {/* Compiled at build time from our own Markdown, raw HTML escaped (scripts/build-content.mjs). */}
      <div dangerouslySetInnerHTML={{ __html: entry.html }} />
      {children}
      {entry.sources.length ? (
        <section aria-labelledby="sources-title" className="sources">
          <h2 id="sources-title">Sources</h2>
          <SourceList sources={entry.sources} />
        </section>
      ) : null}
    </article>
  );
}

export function EntryList({
  entries,
  hrefFor,
}: {
  entries: { slug: string; title: string; description: string; date: string }[];
  hrefFor: (slug: string) => string;
}) {
  if (!entries.length) return <p>Nothing here yet.</p>;
  return (
    <ul className="entry-list">
      {entries.map((entry) => (
        <li key={entry.slug} className="card">
          <h2>
            <Link to={hrefFor(entry.slug)}>{entry.title}</Link>
          </h2>
          <p>{entry.description}</p>
        </li>
      ))}
    </ul>
  );
}
