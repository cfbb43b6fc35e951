import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { SourceList } from '~/features/shell/source-list';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { Hero } from '~/features/entry/hero';
import { landingHandle, landingMeta } from '~/features/content/landing-route';
import { landingAction, loadLanding } from '~/features/content/landing.server';

/**
 * The landing pages (docs/behaviour/routes.md#landing-routes) from their data files: /sell-my-car and its variants, the
 * partner pages under it, /sell-my-van, /part-exchange and /partner/{affiliate}. Each has the hero
 * lookup. The city pages are routes/city-landing.tsx, with the same loader.
 */
export const loader = (args: LoaderFunctionArgs) => loadLanding(args);
export const action = landingAction;
export const handle = landingHandle;
export const meta = landingMeta;

export default function Landing() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (data.kind !== 'page') return null;
  const { page } = data;
  return (
    <div className="stack">
      {data.partner ? <p className="partner-banner">In partnership with {data.partner}</p> : null}
      <Hero
        title={data.referred ? 'A friend sent you: see what your car is worth' : page.heroTitle}
        text={
          data.referred
            ? 'Enter your reg for a free valuation. If you sign up from here and sell through us, the friend who sent you gets a reward from us. You sell on the same terms as everyone else.'
            : page.heroText
        }
        action={data.path}
        panel={data.panel}
        reply={reply}
      />
      {page.sections.map((section) => (
        <section className="card" key={section.heading} aria-labelledby={`s-${slugOf(section.heading)}`}>
          <h2 id={`s-${slugOf(section.heading)}`}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>
              <WithLinks text={paragraph} />
            </p>
          ))}
          {section.points?.length ? (
            <ul>
              {section.points.map((point) => (
                <li key={point}>
                  <WithLinks text={point} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {data.guides.length ? (
        <section className="card" aria-labelledby="guides-title">
          <h2 id="guides-title">Guides</h2>
          <ul>
            {data.guides.map((guide) => (
              <li key={guide.slug}>
                <Link to={`/guides/${guide.slug}`}>{guide.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {page.sources?.length ? (
        <section className="card" aria-labelledby="sources-title">
          <h2 id="sources-title">Sources</h2>
          <SourceList sources={page.sources} />
        </section>
      ) : null}
    </div>
  );
}

/** The data's copy is plain text; a site path written in it (" /ulez-checker") becomes a link. */
function WithLinks({ text }: { text: string }) {
  const parts = text.split(/(?<=^|\s)(\/[a-z0-9][a-z0-9/-]*[a-z0-9])(?=[\s.,;:)]|$)/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 ? (
          <Link key={index} to={part} prefetch="none">
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
