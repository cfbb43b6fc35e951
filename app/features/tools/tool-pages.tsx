import type { MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import type { ComponentType, ReactNode } from 'react';
import { VrmForm } from '~/features/shell/vrm-form';
import type { FormReply } from '~/lib/forms/use-form-reply';
import { pageMeta } from '~/lib/meta';
import { LookupErrorPanel, ServerMarkup } from '~/lib/server-markup';
import type { RegistrationTool, ToolMarkup, ToolPageData, ToolViews } from './registration-tool';

/** The pages every registration tool is made of (registration-tool.ts). */

export function toolFormMeta<Result>(tool: RegistrationTool<Result>): MetaFunction {
  return ({ matches }) => pageMeta(matches, { title: tool.title, description: tool.description });
}

export function toolResultMeta<Result>(tool: RegistrationTool<Result>): MetaFunction {
  return ({ matches, data }) => {
    const page = data as ToolPageData<Result> | undefined;
    return pageMeta(matches, { title: page?.view === 'result' ? tool.resultTitle(page.result) : tool.resultsTitle });
  };
}

/** The tool's hero: its heading, a line (or a failed check's panel in its place) and the registration form. */
function ToolHero<Result>({
  tool,
  title,
  lead,
  defaultVrm,
  reply,
  button,
}: {
  tool: RegistrationTool<Result>;
  title: string;
  lead: ReactNode;
  defaultVrm?: string;
  reply?: FormReply | null;
  button: string;
}) {
  return (
    <section className="hero" aria-labelledby={`${tool.id}-title`}>
      <h1 id={`${tool.id}-title`}>{title}</h1>
      {lead}
      <VrmForm id={tool.formId} label={tool.label} action={tool.formPath} defaultVrm={defaultVrm} lastResult={reply} buttonLabel={button} />
    </section>
  );
}

/**
 * A tool's views as server markup (ToolViews): `views` comes from the route's `.server` module, so
 * in the browser it is empty and the markup is the document's, or the loader's after a navigation.
 */
function About<Result>({ views, markup }: { views: ToolViews<Result>; markup: ToolMarkup | undefined }) {
  return <ServerMarkup id="tool-about" markup={markup?.about} render={() => <views.About />} />;
}

/**
 * Whether a result has one of the views a tool may leave out: the server knows from the views; the
 * browser, which has none of them, from the loader's markup after a navigation, or else from the
 * document it came with.
 */
function hasPart<Result>(
  views: ToolViews<Result> | undefined,
  part: 'ResultEnd' | 'AfterAnother',
  markup: ToolMarkup | undefined,
  id: string,
) {
  if (typeof document === 'undefined') return !!views?.[part];
  return markup ? markup[part === 'ResultEnd' ? 'resultEnd' : 'afterAnother'] !== undefined : !!document.getElementById(id);
}

/** The form's page: the hero and what the tool does. */
export function ToolFormPage<Result>({ tool, views }: { tool: RegistrationTool<Result>; views: ToolViews<Result> }) {
  const reply = useActionData<FormReply>();
  const { markup } = useLoaderData<{ markup: ToolMarkup }>();
  return (
    <div className="stack">
      <ToolHero tool={tool} title={tool.title} lead={<p className="strap">{tool.strap}</p>} reply={reply} button={tool.button} />
      <About views={views} markup={markup} />
    </div>
  );
}

/**
 * The result's address: the result, or the hero asking for a registration or showing the failed
 * check's panel. `Actions` is what works in the browser on a result (a form), between the views.
 */
export function ToolResultPage<Result>({
  tool,
  views,
  Actions,
  Sent,
}: {
  tool: RegistrationTool<Result>;
  views: ToolViews<Result>;
  Actions?: ComponentType<{ result: Result }>;
  /**
   * A form of the result page sent while the check could not be shown (the platform down): it comes
   * back on the check's error page with what was typed (docs/decisions/026).
   */
  Sent?: ComponentType<{ vrm: string }>;
}) {
  const page = useLoaderData() as ToolPageData<Result>;
  if (page.view === 'result') {
    const { result, markup } = page;
    return (
      <div className="stack">
        <ServerMarkup id="tool-result" className="stack" markup={markup?.result} render={() => <views.Result result={result} />} />
        {Actions ? <Actions result={result} /> : null}
        {hasPart(views, 'ResultEnd', markup, 'tool-result-end') ? (
          <ServerMarkup
            id="tool-result-end"
            className="stack"
            markup={markup?.resultEnd}
            render={() => {
              const End = views.ResultEnd!;
              return <End result={result} />;
            }}
          />
        ) : null}
        <section className="card" aria-labelledby={`${tool.id}-another-title`}>
          <h2 id={`${tool.id}-another-title`}>Check another vehicle</h2>
          <VrmForm id={tool.formId} label={tool.label} action={tool.formPath} buttonLabel={tool.button} />
          {hasPart(views, 'AfterAnother', markup, 'tool-after-another') ? (
            <ServerMarkup
              id="tool-after-another"
              markup={markup?.afterAnother}
              render={() => {
                const After = views.AfterAnother!;
                return <After />;
              }}
            />
          ) : null}
        </section>
      </div>
    );
  }
  const vrm = page.view === 'error' ? page.vrm : undefined;
  const panel = page.view === 'error' ? page.panelMarkup : null;
  return (
    <div className="stack">
      <ToolHero
        tool={tool}
        title={tool.resultsTitle}
        lead={panel ? <LookupErrorPanel markup={panel} /> : <p className="strap">{tool.askText}</p>}
        defaultVrm={vrm}
        button={page.view === 'error' && page.checkAgain ? 'Check again' : tool.button}
      />
      {Sent && vrm ? <Sent vrm={vrm} /> : null}
      <About views={views} markup={page.markup} />
    </div>
  );
}
