import type { AppLoadContext, EntryContext } from '@remix-run/cloudflare';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToReadableStream } from 'react-dom/server';
import { flagsFor } from '~/lib/route-flags';
import { contentSecurityPolicy, hasPersonalCookies, PUBLIC_PAGE_CACHE } from '~/lib/security.server';
import { NonceProvider } from '~/lib/nonce';
import { STREAMED_HEADER } from '~/lib/streaming-gzip.server';

export const streamTimeout = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1_000);

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={streamTimeout} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  let complete = false;
  body.allReady.then(
    () => (complete = true),
    () => {},
  );
  body.allReady.finally(() => clearTimeout(timer));

  // Deferred segments are revealed by inline scripts. A client that runs none (no JS, or a bot)
  // would see only the fallbacks, so it gets the complete document instead of a stream.
  if (!loadContext.clientRunsScripts || isbot(request.headers.get('user-agent') ?? '')) {
    await body.allReady;
  } else {
    // Only a page with sections still waiting on data is streamed, and only that one is compressed
    // by the worker (ADR 011). Every page has some rendering left when the shell is ready (the
    // loader data that Remix streams into the page), which finishes within a turn of the event
    // loop; a deferred section waits on I/O for far longer.
    await Promise.race([body.allReady.catch(() => {}), new Promise((settle) => setTimeout(settle, 0))]);
    if (!complete) responseHeaders.set(STREAMED_HEADER, '1');
  }

  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  if (responseStatusCode === 200 && isPublicPage(request, remixContext)) responseHeaders.set('Cache-Control', PUBLIC_PAGE_CACHE);
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce));
  // A page rendered whole goes out as one buffer: the runtime then sends it in one write instead
  // of pulling the renderer's stream piece by piece.
  if (complete) return new Response(await new Response(body).arrayBuffer(), { headers: responseHeaders, status: responseStatusCode });
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * A page flagged `cache` whose visitor sent none of our personal cookies is the same for everyone:
 * a shared cache may keep it (docs/behaviour/routes.md#route-behaviour, the cache flag). server.ts still makes any response
 * that sets a cookie private.
 */
function isPublicPage(request: Request, remixContext: EntryContext): boolean {
  if (request.method !== 'GET' || hasPersonalCookies(request.headers.get('cookie'))) return false;
  const { matches, loaderData } = remixContext.staticHandlerContext;
  const flags = flagsFor(matches.map((m) => ({ handle: remixContext.routeModules[m.route.id]?.handle, data: loaderData[m.route.id] })));
  return !!flags.cache;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
