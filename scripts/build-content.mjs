#!/usr/bin/env node
// The content store: every Markdown file under content/ with its front matter, rendered to HTML
// at build time and written to app/generated/content.json, which the worker bundles (a Worker has
// no file system at run time). Run by the build, the type check and the unit tests (npm pre-scripts)
// and by `npm start`; fails with the file and the problem when a page's front matter is wrong.
// Run as a command, it also writes the page's inline stylesheet and head script
// (build-inline.mjs): everything under app/generated/ comes from this one step.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { writeInline } from './build-inline.mjs';

const root = path.resolve(import.meta.dirname, '..');
const contentDir = path.join(root, 'content');
const outFile = path.join(root, 'app/generated/content.json');
export const COLLECTIONS = ['pages', 'guides', 'blog', 'stories', 'brands'];

const isoDate = z.union([z.string(), z.date()]).transform((value, ctx) => {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))) {
    ctx.addIssue({ code: 'custom', message: 'date must be YYYY-MM-DD' });
    return z.NEVER;
  }
  return text;
});

const FrontMatter = z
  .object({
    title: z.string().trim().min(3).max(120),
    description: z.string().trim().min(20).max(200),
    date: isoDate,
    author: z.string().trim().min(2).default('Kerbside team'),
    flags: z.record(z.boolean()).default({}),
    sources: z.array(z.object({ title: z.string().min(3), url: z.string().url(), accessed: isoDate })).default([]),
    /** A walk-through of a made-up but typical case, not a customer's account. */
    illustrative: z.boolean().default(false),
    /** Terms a seller agrees to (terms, privacy, referral terms): the page shows when it was last updated (`date`). */
    legal: z.boolean().default(false),
  })
  .strict();

/**
 * The values a page may name as `{{name}}` in its body or description, filled in by the server when
 * the page is served (app/features/content/content-values.ts, through content.server.ts, which every
 * collection's route reads entries with): facts only configuration or shared data hold, like the
 * company's registered details or the size of the dealer network. Any other `{{…}}` fails the
 * build, so none can reach a page.
 */
export const CONTENT_VALUES = [
  'brandName',
  'companyName',
  'companyNumber',
  'registeredAddress',
  'icoNumber',
  'referralReward',
  'dealerNetwork',
];

/** Content is ours, but raw HTML still has no place in it: it is shown as text. */
const marked = new Marked({
  gfm: true,
  renderer: {
    html({ text }) {
      return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    },
    link({ href, tokens }) {
      const label = this.parser.parseInline(tokens);
      const external = /^https?:\/\//.test(href);
      const safe = /^(https?:\/\/|\/|#|mailto:)/.test(href) ? href : '#';
      return `<a href="${safe.replace(/"/g, '&quot;')}"${external ? ' rel="noopener"' : ''}>${label}</a>`;
    },
  },
});

export function splitFrontMatter(source, file) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: no front matter (a --- block at the top)`);
  return { data: parseYaml(match[1]) ?? {}, body: match[2] };
}

export function compileEntry(source, file, collection, slug) {
  const { data, body } = splitFrontMatter(source, file);
  const parsed = FrontMatter.safeParse(data);
  if (!parsed.success) {
    throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'front matter'}: ${i.message}`).join('; ')}`);
  }
  if (/^#\s/m.test(body)) throw new Error(`${file}: the body must not have its own # heading (the title is the page's h1)`);
  // Titles go into the sitemap and other pages' links as they are, so only the body and the description name values.
  if (/\{\{|\}\}/.test(parsed.data.title))
    throw new Error(`${file}: the title cannot name values like {{…}}; the description and body can`);
  for (const [part, text] of [
    ['body', body],
    ['description', parsed.data.description],
  ]) {
    for (const [, name] of text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)) {
      if (!CONTENT_VALUES.includes(name))
        throw new Error(`${file}: {{${name}}} is not one of the values a page may name (${CONTENT_VALUES.join(', ')})`);
    }
    if (/\{\{|\}\}/.test(text.replace(/\{\{\s*\w+\s*\}\}/g, ''))) throw new Error(`${file}: an unclosed {{ or }} in the ${part}`);
  }
  const html = marked.parse(body);
  const words = body.split(/\s+/).filter(Boolean).length;
  return { collection, slug, ...parsed.data, html, words };
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : name.endsWith('.md') ? [full] : [];
  });
}

export function buildContent() {
  const store = Object.fromEntries(COLLECTIONS.map((c) => [c, {}]));
  for (const collection of COLLECTIONS) {
    const dir = path.join(contentDir, collection);
    let files = [];
    try {
      files = walk(dir);
    } catch {
      continue; // A collection with no files yet.
    }
    for (const file of files.sort()) {
      const slug = path.relative(dir, file).replace(/\.md$/, '').replace(/\\/g, '/');
      if (!/^[a-z0-9]+(?:[-/][a-z0-9]+)*$/.test(slug)) throw new Error(`${file}: the file name must be a lower-case slug`);
      store[collection][slug] = compileEntry(readFileSync(file, 'utf8'), path.relative(root, file), collection, slug);
    }
  }
  return store;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const store = buildContent();
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify(store));
  const counts = COLLECTIONS.map((c) => `${Object.keys(store[c]).length} ${c}`).join(', ');
  console.log(`content: ${counts} → ${path.relative(root, outFile)}`);
  const { styles, headScript } = await writeInline();
  console.log(`inline: stylesheet ${styles.length} bytes, head script ${headScript.length} bytes (minified)`);
}
