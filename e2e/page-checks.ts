import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Browser, BrowserContextOptions, Page, Request, TestInfo } from '@playwright/test';
import { createHash } from 'node:crypto';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Every document a browser test lands on is checked with axe-core (WCAG 2.2 A and AA) and
 * photographed once per URL, without the tests asking: see the auto fixtures in support.ts.
 *
 * How: when the test's page lands on a document, its DOM is copied at once (one quick read), and
 * the copy is checked and photographed in a page of its own, while the test goes on. Checking the
 * test's page itself does not work: with JavaScript off no script runs in it (page.evaluate never
 * returns, so AxeBuilder cannot inject axe-core), and with or without JavaScript, Chromium answers
 * no evaluation at all while a navigation is pending — a test that clicks on after landing would
 * tear every check in half. A full-page screenshot of the test's page would also re-lay it out
 * beyond the viewport under the test's feet (keystrokes get lost).
 */

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Violations of these impacts fail the test; the others are recorded and attached only. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** Every violation of the run, one JSON object a line, for `npm run report:a11y`. */
export const VIOLATIONS_FILE = path.join('accessibility', 'violations.jsonl');
/** Documents a test left before they could be read (rare: the copy is taken as soon as a document is parsed). */
export const NOT_CHECKED_FILE = path.join('accessibility', 'not-checked.jsonl');

/**
 * Label in name (WCAG 2.5.3): a link or button is named by the words it shows, so "click 3M" works
 * by voice. axe-core's own rule for it is experimental (off unless enabled) and looks only at
 * names given by aria-label or aria-labelledby; the second rule applies the same check to names
 * that come from the content, where text hidden from the eye (aria-hidden beside visually hidden
 * words) can part the name from the label just as well.
 */
export const LABEL_IN_NAME = 'label-content-name-mismatch';
const LABEL_IN_CONTENT_NAME = {
  id: 'label-in-content-name',
  impact: 'serious',
  selector: 'a[href], button, summary, [role="button"], [role="link"]',
  // A string: axe.configure takes a function only as source text, and it runs in the checked page.
  matches: `function (node, virtualNode) {
    if (node.hasAttribute('aria-label') || node.hasAttribute('aria-labelledby')) return false;
    return axe.commons.text.sanitize(axe.commons.text.visibleVirtual(virtualNode, false, false)) !== '';
  }`,
  tags: ['cat.semantics', 'wcag21a', 'wcag253'],
  metadata: {
    description: 'Ensures a link or button named by its content has every word it shows in its accessible name',
    help: 'The accessible name of a link or button must contain the text it shows',
  },
  all: [],
  any: [LABEL_IN_NAME],
  none: [],
};

export const axeSource = `${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}
;axe.configure(${JSON.stringify({ rules: [LABEL_IN_CONTENT_NAME] })});`;

const axeVersion = (
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('axe-core/package.json'), 'utf8')) as { version: string }
).version;

export interface Violation {
  project: string;
  test: string;
  url: string;
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: { target: string; summary: string }[];
}

/** A document as the test's page had it when it landed there, and the size it was shown at. */
interface Snapshot {
  url: string;
  html: string;
  viewport: { width: number; height: number } | null;
}

// Reading a document fails like this when the test has already left it (see `missed`): Chromium
// answers nothing while a navigation is pending, then the document is gone.
const LEFT =
  /Execution context was destroyed|Target page, context or browser has been closed|Target closed|frame was detached|navigat|still reading/i;
const READ_TIMEOUT = 20_000;
/**
 * Phone-sized screenshots of every page visited, for a person to look through
 * (`E2E_SCREENSHOTS=1 npm run test:e2e`, or `npm run screenshots`): off in CI, where nobody looks
 * at them and a full-page screenshot per page costs more than its accessibility check.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still reading the page after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export class PageChecks {
  readonly violations: Violation[] = [];
  private readonly errors: string[] = [];
  private readonly missed: string[] = [];
  private readonly pages = new Map<Page, (sameDocument: () => boolean) => Promise<void>>();
  private readonly copies: Promise<void>[] = [];
  private readonly checks: Promise<void>[] = [];

  constructor(
    private readonly testInfo: TestInfo,
    private readonly javaScriptEnabled: boolean,
    private readonly checker: Checker,
  ) {}

  /** Checks every document `page` lands on from now on. */
  watch(page: Page) {
    let documentType = 'text/html';
    let documents = 0;
    // Each navigation is copied on its own: a document the test left at once (reading it then
    // waits for the next one to arrive) must not hold up the copy of the next.
    const copy = (sameDocument: () => boolean) => {
      const done = within(READ_TIMEOUT, this.copy(page, documentType, sameDocument)).catch((error: Error) => this.failed(page, error));
      this.copies.push(done);
      return done;
    };
    this.pages.set(page, copy);
    page.on('response', (response) => {
      if (isDocument(page, response.request())) documentType = response.headers()['content-type'] ?? '';
    });
    page.on('domcontentloaded', () => documents++);
    // Both new documents and, with JavaScript, client-side (history) navigations.
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const before = documents;
      void copy(() => documents === before);
    });
  }

  /** After the test: checks where each page ended up, waits for every check, and fails the test on serious findings. */
  async finish() {
    // A test that failed already has said what matters, and its page may be anywhere.
    if (this.testInfo.status === this.testInfo.expectedStatus) {
      for (const [page, copy] of this.pages) if (!page.isClosed()) await copy(() => true);
    }
    await Promise.all(this.copies);
    await Promise.all(this.checks);

    if (this.violations.length) {
      await this.testInfo.attach('accessibility-violations', {
        body: JSON.stringify(this.violations, null, 2),
        contentType: 'application/json',
      });
    }
    if (this.missed.length) {
      this.testInfo.annotations.push({
        type: 'accessibility: not checked (left before it could be read)',
        description: this.missed.join(', '),
      });
    }
    const failing = this.violations.filter((v) => FAILING_IMPACTS.has(v.impact));
    const problems = [...failing.map(describe), ...this.errors.map((e) => `The accessibility check could not run on ${e}`)];
    if (problems.length) {
      throw new Error(
        `Accessibility: ${failing.length} serious or critical WCAG 2.2 A/AA violation(s) (axe-core ${axeVersion})\n\n${problems.join('\n\n')}`,
      );
    }
  }

  private async copy(page: Page, documentType: string, sameDocument: () => boolean) {
    if (page.isClosed()) return;
    // The parsed document (streamed segments included) is all the copy needs; its images and
    // styles load again in the checking page. Not waiting for `load` narrows the time in which a
    // quick test can leave before the copy is taken.
    await page.waitForLoadState('domcontentloaded', { timeout: 10_000 }).catch(() => {});
    // A client-side navigation changes the URL first and renders right after (two frames; a
    // hidden tab gets no frames, hence the cap). No more waiting than that: a test that clicks on
    // at once would change the page under us.
    if (this.javaScriptEnabled && sameDocument()) await page.evaluate(AFTER_RENDER);
    if (!/^text\/html/.test(documentType)) return;
    const html = await page.content();
    const url = page.url();
    if (!/^https?:/.test(url)) return;

    // A page made of what was already checked in this run, by this test or another, at the same
    // size and scripting, is not checked again (see kindsOf).
    const snapshot = { url, html: this.javaScriptEnabled ? html : withoutScripting(html), viewport: page.viewportSize() };
    const key = `page\n${variant(snapshot)}\n${kindsOf(snapshot.html)}`;
    if (!this.checker.firstVisit(key)) return;

    const screenshot = SCREENSHOTS
      ? path.join(this.testInfo.project.outputDir, 'screenshots', this.testInfo.project.name, `${screenshotName(new URL(url))}.png`)
      : null;
    this.checks.push(
      this.checker
        .check(snapshot, screenshot)
        .then((violations) => violations.forEach((result) => this.record(url, result)))
        .catch((error: Error) => void this.errors.push(`${url}: ${error.message.split('\n')[0]}`)),
    );
  }

  private failed(page: Page, error: Error) {
    if (!LEFT.test(error.message)) return void this.errors.push(`${page.url()}: ${error.message.split('\n')[0]}`);
    this.missed.push(page.url());
    this.append(NOT_CHECKED_FILE, { project: this.testInfo.project.name, test: this.testInfo.titlePath.join(' › '), url: page.url() });
  }

  private append(name: string, entry: object) {
    const file = path.join(this.testInfo.project.outputDir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    appendFileSync(file, `${JSON.stringify(entry)}\n`);
  }

  private record(url: string, result: Result) {
    const violation: Violation = {
      project: this.testInfo.project.name,
      test: this.testInfo.titlePath.join(' › '),
      url,
      id: result.id,
      impact: result.impact ?? 'unknown',
      help: result.help,
      helpUrl: result.helpUrl.replace(/\?application=.*$/, ''),
      nodes: result.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        summary: (node.failureSummary ?? '')
          .replace(/Fix (any|all) of the following:/g, '')
          .replace(/\s+/g, ' ')
          .trim(),
      })),
    };
    // The same finding again on the same page (a reload, a form shown again) says nothing new.
    if (this.violations.some((v) => v.url === url && v.id === violation.id && targets(v) === targets(violation))) return;
    this.violations.push(violation);
    this.append(VIOLATIONS_FILE, violation);
  }
}

/**
 * A page of its own, on the same device, where copies of the test's documents are shown and
 * checked: the document comes from the copy (set as the page's content, with a <base> at its own
 * address), its styles and images from the server. JavaScript runs here (axe-core needs it) but
 * the copy's own scripts are taken out, so what is checked is what the test's page showed, not the
 * app starting up a second time. It sends none of the test's cookies: any request with the
 * seller's session may refresh their tokens and sign the test out.
 *
 * What the checks cost is most of a browser test's time, so each is done once: a document whose
 * address and structure were checked before (by any test of the run, in either worker) is not
 * checked again, and once the shell around `<main>` (header, footer, cookie notice, banner) has
 * been checked in a structure, later pages with the same shell are checked inside `<main>` only.
 */
export class Checker {
  private turn = Promise.resolve();
  private constructor(
    private readonly page: Page,
    private readonly seenDir: string,
  ) {}

  static async open(browser: Browser, device: BrowserContextOptions, outputDir: string): Promise<Checker> {
    const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale, colorScheme } = device;
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      userAgent,
      locale,
      colorScheme,
      javaScriptEnabled: true,
    });
    const page = await context.newPage();
    const seenDir = path.join(outputDir, '.page-checks-seen');
    mkdirSync(seenDir, { recursive: true });
    return new Checker(page, seenDir);
  }

  /**
   * True the first time `key` is met in this run, in any worker: the claim is a file created only
   * if it does not exist yet (the output folder starts empty every run).
   */
  firstVisit(key: string): boolean {
    const file = path.join(this.seenDir, createHash('sha1').update(key).digest('hex'));
    try {
      closeSync(openSync(file, 'wx'));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * One at a time: every test of the worker (and every tab of a test) shares the one page. The
   * screenshot is taken only if there is none yet: once per URL and project for the whole run.
   */
  check(snapshot: Snapshot, screenshot: string | null): Promise<Result[]> {
    const done = this.turn.then(async () => {
      // A test may use another size than its project's (a wide-screen describe block).
      if (snapshot.viewport) await this.page.setViewportSize(snapshot.viewport);
      await this.page.setContent(withBase(withoutScripts(snapshot.html), snapshot.url), { waitUntil: 'load' });
      // Legacy mode runs axe.run() in the page; the default mode opens a blank page for every
      // check, which only cross-origin iframes need (there are none).
      const axe = new AxeBuilder({ page: this.page, axeSource })
        .options({ resultTypes: ['violations'], rules: { [LABEL_IN_NAME]: { enabled: true } } })
        .withTags(WCAG_TAGS)
        .setLegacyMode();
      const shell = `shell\n${variant(snapshot)}\n${kindsOf(snapshot.html.replace(/<main\b[\s\S]*<\/main>/, '<main></main>'))}`;
      if (/<main\b/.test(snapshot.html) && !this.firstVisit(shell)) axe.include('main');
      const results = await axe.analyze();
      if (screenshot && !existsSync(screenshot)) await this.page.screenshot({ path: screenshot, fullPage: true });
      return results.violations;
    });
    this.turn = done.then(
      () => {},
      () => {},
    );
    return done;
  }

  close() {
    return this.page.context().close();
  }
}

const AFTER_RENDER = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
    setTimeout(resolve, 100);
  });

/**
 * What a page is made of, for telling pages apart: the set of the kinds of element on it, each
 * kind being a tag with its classes, role and the names of its other attributes, whether it holds
 * text, and whether an `alt` is empty. Not the text, the values or how many of each: the same
 * page for another seller, car or amount, another city page of the same design, or the photos
 * step with one more photo, is made of the same kinds, and axe finds the same there (roles,
 * names' presence, labels, colours by class). A state that brings something new (an error shown,
 * a dialog open, a panel more) brings a new kind, and is checked.
 */
export function kindsOf(html: string): string {
  const body = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  const kinds = new Set<string>();
  for (const match of body.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>([^<]?)/g)) {
    const [, tag, attributes = '', after = ''] = match;
    const names: string[] = [];
    let classes = '';
    let role = '';
    for (const [, name, value = ''] of attributes.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) {
      if (name === 'class') classes = value.split(/\s+/).filter(Boolean).sort().join('.');
      else if (name === 'role') role = value;
      else if (name === 'alt') names.push(value ? 'alt' : 'alt=""');
      else if (!/^(nonce|data-|on)/.test(name!)) names.push(name!);
    }
    kinds.add(`${tag!.toLowerCase()}.${classes}[${role}](${names.sort().join(',')})${after.trim() ? 't' : ''}`);
  }
  return [...kinds].sort().join('\n');
}

/** What besides the markup makes a page look different: its size (scripting shows in the markup: see withoutScripting). */
function variant(snapshot: Snapshot) {
  return snapshot.viewport ? `${snapshot.viewport.width}x${snapshot.viewport.height}` : 'default';
}

/** The copy's relative addresses (styles, images, links) resolve against the page it came from. */
function withBase(html: string, url: string) {
  return html.replace(/<head\b[^>]*>/i, (head) => `${head}<base href="${url.replace(/"/g, '&quot;')}">`);
}

/** Inline and external scripts out: the copy is shown as it was, not run again. */
function withoutScripts(html: string) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '');
}

/** Without JavaScript, <noscript> content is part of the page; in the checking page (scripting on) it would be hidden. */
function withoutScripting(html: string) {
  return html.replace(/<\/?noscript\b[^>]*>/gi, '');
}

function isDocument(page: Page, request: Request) {
  try {
    return request.isNavigationRequest() && request.frame() === page.mainFrame();
  } catch {
    return false; // a service worker's request has no frame
  }
}

const targets = (v: Violation) => v.nodes.map((n) => n.target).join('\n');

/** `/account/details?x=1` → `account_details_x_1`; `/` → `home`. */
export function screenshotName(url: URL): string {
  const name = `${url.pathname}${url.search}`.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^_+|_+$/g, '');
  return (name || 'home').slice(0, 120);
}

function describe(v: Violation): string {
  const shown = v.nodes.slice(0, 8).map((n) => `    ${n.target}${n.summary ? `\n      ${n.summary}` : ''}`);
  const more = v.nodes.length > shown.length ? [`    … and ${v.nodes.length - shown.length} more`] : [];
  return [`[${v.impact}] ${v.id}: ${v.help}`, `  page: ${v.url}`, `  ${v.helpUrl}`, ...shown, ...more].join('\n');
}
