import raw from '~/generated/content.json';
import { fillContent, fillText, type ContentValues } from './content-values';

/**
 * The content store (content/**.md, compiled by scripts/build-content.mjs into the worker). Pages
 * of one kind come from one route module each; this is their one way in.
 */
export type Collection = 'pages' | 'guides' | 'blog' | 'stories' | 'brands';

export interface ContentEntry {
  collection: Collection;
  slug: string;
  title: string;
  description: string;
  date: string;
  author: string;
  flags: Record<string, boolean>;
  sources: { title: string; url: string; accessed: string }[];
  illustrative: boolean;
  legal: boolean;
  html: string;
  words: number;
}

const store = raw as unknown as Record<Collection, Record<string, ContentEntry>>;

export function getEntry(collection: Collection, slug: string): ContentEntry | null {
  return Object.hasOwn(store[collection] ?? {}, slug) ? store[collection][slug]! : null;
}

/** Every entry of a collection but its index page, newest first. */
export function listEntries(collection: Collection): ContentEntry[] {
  return Object.values(store[collection] ?? {})
    .filter((entry) => entry.slug !== 'index')
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

/**
 * What a page shows of an entry (not the word count or flags, which stay on the server), with the
 * `{{name}}` values its body and description name filled in (content-values.ts): every way an
 * entry reaches a page goes through here or summary, so none shows a value unfilled.
 */
export function articleOf(entry: ContentEntry, values: ContentValues) {
  const { html, title, description, date, author, sources, illustrative, legal } = entry;
  return { html: fillContent(html, values), title, description: fillText(description, values), date, author, sources, illustrative, legal };
}

/** What a list shows of an entry (the body stays on its own page), its description's values filled in. */
export function summary(entry: ContentEntry, values: ContentValues) {
  const { slug, title, date, illustrative } = entry;
  return { slug, title, description: fillText(entry.description, values), date, illustrative };
}

export interface BlogPath {
  year?: string;
  month?: string;
  day?: string;
  post?: string;
}

/** A blog post's slug is `YYYY-MM-DD-name`; its address is /blog/YYYY/MM/DD/name. */
export function blogPostPath(slug: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/.exec(slug);
  return match ? `/blog/${match[1]}/${match[2]}/${match[3]}/${match[4]}` : `/blog/${slug}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * The title of a blog date page (docs/behaviour/routes.md#public-routes: date pages get a date title), or null when the date
 * is not one: `2026` → 'Posts from 2026', `2026/10` → 'Posts from October 2026', `2026/10/14` →
 * 'Posts from 14 October 2026'.
 */
export function blogDateTitle({ year, month, day }: BlogPath): string | null {
  if (!year) return 'Blog';
  if (!/^\d{4}$/.test(year)) return null;
  if (!month) return `Posts from ${year}`;
  const m = Number(month);
  if (!/^\d{2}$/.test(month) || m < 1 || m > 12) return null;
  if (!day) return `Posts from ${MONTHS[m - 1]} ${year}`;
  const d = Number(day);
  const days = new Date(Date.UTC(Number(year), m, 0)).getUTCDate();
  if (!/^\d{2}$/.test(day) || d < 1 || d > days) return null;
  return `Posts from ${d} ${MONTHS[m - 1]} ${year}`;
}

/** The posts under a date prefix (all of them without one). */
export function blogPostsUnder({ year, month, day }: BlogPath): ContentEntry[] {
  const prefix = [year, month, day].filter(Boolean).join('-');
  return listEntries('blog').filter((entry) => entry.slug.startsWith(prefix));
}

export function blogPost({ year, month, day, post }: BlogPath): ContentEntry | null {
  if (!year || !month || !day || !post) return null;
  return getEntry('blog', `${year}-${month}-${day}-${post}`);
}

/**
 * A make's own content for its brand page (docs/behaviour/gateway.md#shell-calls, `POST /api/content/make` and the
 * make-content lookup): content/brands/{slug}.md. A make without a page has none, and its brand
 * page shows the hero, reviews and sales alone.
 */
export function makeContent(slug: string, values: ContentValues) {
  const entry = getEntry('brands', slug);
  return entry ? { slug: entry.slug, ...articleOf(entry, values) } : null;
}
