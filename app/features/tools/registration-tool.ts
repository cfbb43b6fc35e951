import type { ComponentType, ReactNode } from 'react';
import type { LookupErrorCode } from '../../../contract/vehicles';
import { lookupErrorPanel, type LookupErrorPanel } from '~/features/entry/lookup-errors';
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
  /** The panel a failed check shows, in the tool's words. */
  panel(code: string, vrm: string, brandName: string): LookupErrorPanel;
  /** Whether the button says 'Check again' under this panel. */
  checkAgain(panel: LookupErrorPanel): boolean;
  resultTitle(result: Result): string;
  /** What the form's page says about the tool, under the form (also under a panel). */
  About: ComponentType;
  Result: ComponentType<{ result: Result }>;
  /** Shown under the result's 'Check another vehicle' form. */
  AfterAnother?: ComponentType;
  /**
   * A form of the result page that was sent while the check could not be shown (the platform down):
   * it comes back on the check's error page with what was typed (docs/decisions/026).
   */
  SentForm?: ComponentType<{ vrm: string }>;
  formFlags: RouteFlags;
  resultFlags: RouteFlags;
}

/** What a tool's check came to, for the page: its result, or the code of its panel and the page's status. */
export type ToolOutcome<Result> = { ok: true; result: Result } | { ok: false; code: string; status: number };

/** The result address's data: one shape for every tool. */
export type ToolPageData<Result> =
  { view: 'ask' } | { view: 'error'; vrm: string; code: string } | { view: 'result'; vrm: string; result: Result };

/**
 * The parts of a tool that checks through the registration lookup and keeps the registration in its
 * result's query (the MOT check, the car tax check): the hero's panels, 'Check again' under a wrong
 * registration, and `?vrm=` on the result's address.
 */
export function lookupTool(resultsPath: string): Pick<RegistrationTool<unknown>, 'resultPath' | 'typedVrm' | 'panel' | 'checkAgain'> {
  return {
    resultPath: (vrm) => `${resultsPath}?vrm=${encodeURIComponent(vrm)}`,
    typedVrm: (url) => url.searchParams.get('vrm'),
    panel: (code, vrm, brandName) => lookupErrorPanel(code as LookupErrorCode, vrm, brandName),
    checkAgain: (panel) => panel.wrongReg,
  };
}
