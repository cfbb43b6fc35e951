import type { MetaDescriptor } from '@remix-run/cloudflare';

interface RootData {
  brandName: string;
}

type Match = { id: string; data: unknown };

/** The brand from the root loader; meta functions run where no context is at hand. */
export function brandFrom(matches: readonly Match[]): string {
  const root = matches.find((m) => m.id === 'root')?.data as RootData | undefined;
  return root?.brandName ?? 'Kerbside';
}

/**
 * Title and description from route meta (spec 2 §2.6): titles get the common suffix, except on
 * `/` and `/how-it-works`, which pass `suffix: false`.
 */
export function pageMeta(
  matches: readonly Match[],
  { title, description, suffix = true, noIndex = false }: { title: string; description?: string; suffix?: boolean; noIndex?: boolean },
): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [{ title: suffix ? `${title} | ${brandFrom(matches)}` : title }];
  if (description) meta.push({ name: 'description', content: description });
  if (noIndex) meta.push({ name: 'robots', content: 'noindex' });
  return meta;
}
