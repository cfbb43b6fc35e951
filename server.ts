import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/cloudflare';
import * as build from '@remix-run/dev/server-build';
import { createAppContext } from '~/lib/context.server';
import { readConfig } from '~/lib/env.server';
import { applyCachePolicy, applySecurityHeaders } from '~/lib/security.server';
import { serverErrorDocument } from '~/lib/fallback-page.server';

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild, process.env.NODE_ENV);

export default {
  async fetch(request: Request, env: Record<string, unknown>, ctx: ExecutionContext): Promise<Response> {
    let brandName = 'Kerbside';
    try {
      const config = readConfig(env);
      brandName = config.brandName;
      const { context, commitSession } = await createAppContext(request, config, (p) => ctx.waitUntil(p));
      const response = await commitSession(await handleRemixRequest(request, context as AppLoadContext));
      applySecurityHeaders(response.headers);
      applyCachePolicy(response.headers);
      return response;
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
