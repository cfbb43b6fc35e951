import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/cloudflare';
import * as build from '@remix-run/dev/server-build';
import { createAppContext } from '~/lib/context.server';
import { readConfig } from '~/lib/env.server';
import { applyCachePolicy, applySecurityHeaders } from '~/lib/security.server';
import { serverErrorDocument } from '~/lib/fallback-page.server';
import { isDocumentGet, withoutSensitiveParams } from '~/lib/url-hygiene.server';

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild, process.env.NODE_ENV);

function finish(response: Response): Response {
  applySecurityHeaders(response.headers);
  applyCachePolicy(response.headers);
  return response;
}

export default {
  async fetch(request: Request, env: Record<string, unknown>, ctx: ExecutionContext): Promise<Response> {
    let brandName = 'Kerbside';
    try {
      const config = readConfig(env);
      brandName = config.brandName;
      const clean = withoutSensitiveParams(new URL(request.url));
      if (clean !== null) return finish(new Response(null, { status: 302, headers: { Location: clean } }));

      const { context, commitSession, refreshIfNeeded } = await createAppContext(request, config, (p) => ctx.waitUntil(p));
      // Token refresh happens here, on the critical path, before any loader calls the gateway.
      if ((await refreshIfNeeded()) === 'signed_out' && isDocumentGet(request)) {
        return finish(await commitSession(new Response(null, { status: 302, headers: { Location: '/?logout=notify' } })));
      }
      return finish(await commitSession(await handleRemixRequest(request, context as AppLoadContext)));
    } catch (error) {
      // Configuration or start-up failures: Remix's own error boundaries never saw these.
      console.error(error);
      const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
      applySecurityHeaders(headers);
      applyCachePolicy(headers);
      return new Response(serverErrorDocument(brandName), { status: 500, headers });
    }
  },
} satisfies ExportedHandler<Record<string, unknown>>;
