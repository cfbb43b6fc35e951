import type { MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { formatVrm } from '../../../contract/vrm';
import { LookupErrorPanelView } from '~/features/entry/lookup-error-panel';
import { useRootData } from '~/features/shell/frame';
import { VrmForm } from '~/features/shell/vrm-form';
import type { FormReply } from '~/lib/forms/use-form-reply';
import { pageMeta } from '~/lib/meta';
import type { RegistrationTool, ToolPageData } from './registration-tool';

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

/** The form's page: the hero and what the tool does. */
export function ToolFormPage<Result>({ tool }: { tool: RegistrationTool<Result> }) {
  const reply = useActionData<FormReply>();
  return (
    <div className="stack">
      <ToolHero tool={tool} title={tool.title} lead={<p className="strap">{tool.strap}</p>} reply={reply} button={tool.button} />
      <tool.About />
    </div>
  );
}

/** The result's address: the result, or the hero asking for a registration or showing the failed check's panel. */
export function ToolResultPage<Result>({ tool }: { tool: RegistrationTool<Result> }) {
  const page = useLoaderData() as ToolPageData<Result>;
  const { brandName } = useRootData();
  if (page.view === 'result') {
    return (
      <div className="stack">
        <tool.Result result={page.result} />
        <section className="card" aria-labelledby={`${tool.id}-another-title`}>
          <h2 id={`${tool.id}-another-title`}>Check another vehicle</h2>
          <VrmForm id={tool.formId} label={tool.label} action={tool.formPath} buttonLabel={tool.button} />
          {tool.AfterAnother ? <tool.AfterAnother /> : null}
        </section>
      </div>
    );
  }
  const vrm = page.view === 'error' ? page.vrm : undefined;
  const panel = page.view === 'error' ? tool.panel(page.code, formatVrm(page.vrm), brandName) : null;
  return (
    <div className="stack">
      <ToolHero
        tool={tool}
        title={tool.resultsTitle}
        lead={panel ? <LookupErrorPanelView panel={panel} vrm={vrm!} action={tool.formPath} /> : <p className="strap">{tool.askText}</p>}
        defaultVrm={vrm}
        button={panel && tool.checkAgain(panel) ? 'Check again' : tool.button}
      />
      {tool.SentForm && vrm ? <tool.SentForm vrm={vrm} /> : null}
      <tool.About />
    </div>
  );
}
