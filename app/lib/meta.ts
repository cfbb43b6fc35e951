import type { MetaDescriptor } from '@remix-run/cloudflare';
import { flagsFor } from './route-flags';

interface RootData {
  brandName: string;
  dealerNetwork?: string | null;
}

type Match = { id: string; data: unknown; handle?: unknown; error?: unknown };

/** The brand from the root loader; meta functions run where no context is at hand. */
export function brandFrom(matches: readonly Match[]): string {
  const root = matches.find((m) => m.id === 'root')?.data as RootData | undefined;
  return root?.brandName ?? 'Kerbside';
}

/** The dealer network's figure (formatDealerNetwork) from the root loader, or null where it did not load. */
export function dealerNetworkFrom(matches: readonly Match[]): string | null {
  const root = matches.find((m) => m.id === 'root')?.data as RootData | undefined;
  return root?.dealerNetwork ?? null;
}

/**
 * The title of an error page, or null when the page rendered. A 404 is 'Page not found' (or
 * 'Vehicle not found' for a registration the register does not know); anything else is the 500
 * page, which must not pretend the page does not exist.
 */
export function errorTitle(matches: readonly Match[]): string | null {
  const error = matches.find((m) => m.error !== undefined && m.error !== null)?.error;
  if (error === undefined) return null;
  const response = error as { status?: number; data?: { kind?: string } };
  if (response.status === 404) return response.data?.kind === 'vehicle_not_found' ? 'Vehicle not found' : 'Page not found';
  return 'Sorry, something went wrong';
}

/**
 * Title, description and robots from route metadata (docs/behaviour/routes.md#route-behaviour): titles get the common suffix,
 * except on `/` and `/how-it-works`, which pass `suffix: false`; error pages get their own title
 * (with the suffix) and are never indexed; the noRobots route flag hides a page from search engines.
 */
export function pageMeta(
  matches: readonly Match[],
  { title, description, suffix = true }: { title: string; description?: string; suffix?: boolean },
): MetaDescriptor[] {
  const failed = errorTitle(matches);
  const shown = failed ?? title;
  const meta: MetaDescriptor[] = [{ title: suffix || failed ? `${shown} | ${brandFrom(matches)}` : shown }];
  if (description && !failed) meta.push({ name: 'description', content: description });
  if (failed || flagsFor(matches).noRobots) meta.push({ name: 'robots', content: 'noindex' });
  return meta;
}
