import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/cloudflare';
import * as build from '@remix-run/dev/server-build';
import { nextCampaign } from '~/lib/campaign';
import { createAppContext, type AppContext, type RouteTable } from '~/lib/context.server';
import { keepForm } from '~/lib/forms/kept-form';
import { isCrossSite } from '~/lib/cross-site.server';
import { readConfig, type AppConfig } from '~/lib/env.server';
import { applyCachePolicy, applySecurityHeaders, contentSecurityPolicy, createNonce } from '~/lib/security.server';
import { badFormDocument, crossSiteDocument, serverErrorDocument, tooLargeFormDocument } from '~/lib/fallback-page.server';
import { readFormBody } from '~/lib/request-body.server';
import { isDocumentGet, keepLocationOnSite, withoutSensitiveParams } from '~/lib/url-hygiene.server';
import { compressStreamed } from '~/lib/streaming-gzip.server';
import { isDocumentView } from '~/lib/page-views.server';
import { clockNowMs, configureClock } from '~/lib/clock.server';

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild, process.env.NODE_ENV);

function finish(response: Response): Response {
  applySecurityHeaders(response.headers);
  applyCachePolicy(response.headers);
  return response;
}

/** A page answered before Remix runs: plain HTML under the same policy as every rendered page. */
function plainPage(render: (nonce: string) => string, status: number): Response {
  const nonce = createNonce();
  return finish(
    new Response(render(nonce), {
      status,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': contentSecurityPolicy(nonce) },
    }),
  );
}

/**
 * The campaign a navigation carries (a document, or a client-side navigation's data request): with
 * consent, a changed campaign is kept and may start a new session. Page views are counted apart,
 * for real pages only (page-views.server.ts).
 */
function recordCampaign(request: Request, context: AppContext): void {
  const url = new URL(request.url);
  const navigation = isDocumentGet(request) || (request.method === 'GET' && url.pathname.endsWith('.data'));
  if (!navigation || context.preferences.consent !== 'granted') return;
  const { session, analytics } = context;
  const campaign = nextCampaign(session.get('campaign'), url.searchParams, clockNowMs());
  if (campaign) {
    session.set('campaign', campaign.state);
    if (campaign.newSession) analytics.track('new_session');
  }
}

// The runtime hands every request of an isolate the same env object: its configuration is read and
// checked once, not on every request (docs/performance.md). A refused configuration is not kept.
const configs = new WeakMap<object, AppConfig>();
function configOf(env: Record<string, unknown>): AppConfig {
  let config = configs.get(env);
  if (!config) configs.set(env, (config = readConfig(env)));
  return config;
}

/**
 * A file under /build/ or an icon the assets did not have (they answer every file they hold before
 * the worker runs, wrangler.toml): a deploy still propagating, or an old page's chunk. Answered at
 * once and never cached, so a cache asks again once the file is there; the page 404 would cost a
 * render and be cached like a page.
 */
const STATIC_FILE = /^\/(?:build\/|favicon\.)/;
function missingStaticFile(): Response {
  const response = new Response('Not Found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
  applySecurityHeaders(response.headers);
  return response;
}

export default {
  async fetch(request: Request, env: Record<string, unknown>, ctx: ExecutionContext): Promise<Response> {
    if (STATIC_FILE.test(new URL(request.url).pathname)) return missingStaticFile();
    let brandName = 'Kerbside';
    try {
      const config = configOf(env);
      brandName = config.brandName;
      configureClock(config.clockOffsetMs);
      // Before anything reads the form: a post from another site changes nothing (ADR 007).
      if (isCrossSite(request)) {
        console.warn(JSON.stringify({ event: 'request.cross_site_refused', path: new URL(request.url).pathname }));
        return plainPage((nonce) => crossSiteDocument(brandName, nonce), 403);
      }
      const { problem: bodyProblem, form: postedForm } = await readFormBody(request);
      if (bodyProblem) {
        const url = new URL(request.url);
        console.warn(JSON.stringify({ event: 'request.bad_form_body', reason: bodyProblem.reason, path: url.pathname }));
        const page = bodyProblem.status === 413 ? tooLargeFormDocument : badFormDocument;
        return plainPage((nonce) => page(brandName, nonce), bodyProblem.status);
      }
      const clean = withoutSensitiveParams(new URL(request.url));
      if (clean !== null) return finish(new Response(null, { status: 302, headers: { Location: clean } }));

      const { context, commitSession, refreshIfNeeded } = await createAppContext(
        request,
        config,
        (p) => ctx.waitUntil(p),
        (build as unknown as ServerBuild).routes as RouteTable,
      );
      // Token refresh happens here, on the critical path, before any loader calls the gateway.
      if ((await refreshIfNeeded()) === 'signed_out' && isDocumentGet(request)) {
        return finish(await commitSession(new Response(null, { status: 302, headers: { Location: '/?logout=notify' } })));
      }
      // A plain form post (no scripts): what was typed, in case the page behind it cannot load.
      const url = new URL(request.url);
      if (postedForm && !url.pathname.endsWith('.data')) context.keptForm = keepForm(url, postedForm);
      recordCampaign(request, context);
      const response = finish(await commitSession(await handleRemixRequest(request, context as AppLoadContext)));
      if (isDocumentView(request, response)) context.analytics.track('page_view');
      keepLocationOnSite(response.headers, request.url, [config.dealerSiteUrl, config.helpCentreUrl, config.bestEvCitiesUrl]);
      ctx.waitUntil(context.analytics.flush());
      // Streamed answers are compressed here, flushing per segment, so they stream (ADR 011).
      return compressStreamed(request, response);
    } catch (error) {
      // Configuration or start-up failures: Remix's own error boundaries never saw these.
      console.error(error);
      return plainPage((nonce) => serverErrorDocument(brandName, nonce), 500);
    }
  },
} satisfies ExportedHandler<Record<string, unknown>>;
