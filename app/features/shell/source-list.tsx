import { formatDate } from '~/lib/format';

// Its own module: the landing, brand and ULEZ pages show only this list, and taking it from
// content-article.tsx brought the content pages' views into their scripts (docs/performance.md).

/** Where outside facts came from, and when we read them. */
export function SourceList({ sources }: { sources: { title: string; url: string; accessed: string }[] }) {
  return (
    <ul className="sources-list small">
      {sources.map((source) => (
        <li key={source.url}>
          <a href={source.url} rel="noopener">
            {source.title}
          </a>{' '}
          <span className="muted">(read {formatDate(source.accessed)})</span>
        </li>
      ))}
    </ul>
  );
}
