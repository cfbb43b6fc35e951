import type { ComponentType, ReactNode } from 'react';
import type { LookupErrorPanel } from '~/features/entry/lookup-errors';
import type { RouteFlags } from '~/lib/route-flags';

/**
 * A free tool that checks one registration (the ULEZ checker, the MOT check, the car tax check):
 * one kind of page, made by one factory (tool-pages.tsx, tool.server.ts) from a descriptor.
 *
 * - The form's page posts the registration; a malformed one comes back with what was typed, a
 *   well-formed one goes on (303) to the result's own address, which can be bookmarked, shared and
 *   reloaded.
 * - A result's address carries the registration in its one canonical spelling; any other spelling
 *   is a 301 to it.
 * - The result page is the tool's hero with the check's panel and the form (the registration kept)
 *   when the check failed, and the tool's result view when it did not.
 */
export interface RegistrationTool<Result> {
  /** Names the page's headings and the analytics events (`{id}_checked`, `{id}_check_failed`). */
  id: string;
  /** The registration form's id (its field's id derives from it). */
  formId: string;
  /** Where the form lives and posts. */
  formPath: string;
  /** The address of one registration's result. */
  resultPath(vrm: string): string;
  /** The registration a result's address carries, as typed (null: none). */
  typedVrm(url: URL, params: Record<string, string | undefined>): string | null;
  title: string;
  /** The result address's heading while it asks for a registration or shows a panel. */
  resultsTitle: string;
  /** The line under the form's heading. */
  strap: ReactNode;
  /** The line under the results heading when the address carries no registration. */
  askText: string;
  description: string;
  /** The registration field's label (the hero's by default). */
  label?: string;
  button: string;
  resultTitle(result: Result): string;
  formFlags: RouteFlags;
  resultFlags: RouteFlags;
}

/**
 * A tool's views that do nothing in the browser, in a `.server` module: the server renders them
 * and the browser keeps their markup as it came (ServerMarkup, ADR 012), so neither they nor the
 * rules behind their words travel in the pages' scripts. What works in the browser on a result
 * (a form) is the result route's own component, shown between `Result` and `ResultEnd`.
 */
export interface ToolViews<Result> {
  /** What the form's page says about the tool, under the form (also under a panel). */
  About: ComponentType;
  Result: ComponentType<{ result: Result }>;
  ResultEnd?: ComponentType<{ result: Result }>;
  /** Shown under the result's 'Check another vehicle' form. */
  AfterAnother?: ComponentType;
}

/** The views' markup, sent by the loaders for a client-side navigation only (markupForNavigation). */
export type ToolMarkup = Partial<Record<'about' | 'result' | 'resultEnd' | 'afterAnother', string>> | null;

/** What a tool's check came to, for the page: its result, or the code of its panel and the page's status. */
export type ToolOutcome<Result> = { ok: true; result: Result } | { ok: false; code: string; status: number };

/** The result address's data: one shape for every tool. */
export type ToolPageData<Result> = (
  | { view: 'ask' }
  /** A failed check: its panel, worded by the loader (ToolCheck.panel), and whether the button says 'Check again'. */
  | { view: 'error'; vrm: string; code: string; panel: LookupErrorPanel; panelMarkup: string; checkAgain: boolean }
  | { view: 'result'; vrm: string; result: Result }
) & { markup?: ToolMarkup };

/**
 * The address of a tool that checks through the registration lookup and keeps the registration in
 * its result's query (the MOT check, the car tax check): `?vrm=` on the result's address. Its
 * panels are the lookup's (tool.server.ts, lookupPanels).
 */
export function lookupTool(resultsPath: string): Pick<RegistrationTool<unknown>, 'resultPath' | 'typedVrm'> {
  return {
    resultPath: (vrm) => `${resultsPath}?vrm=${encodeURIComponent(vrm)}`,
    typedVrm: (url) => url.searchParams.get('vrm'),
  };
}
