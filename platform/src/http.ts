import { pathPattern, type AnyEndpoint } from '../../contract/endpoint';
import type { GatewayErrorBody } from '../../contract/gateway';
import type { PlatformEnv } from './env';

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function errorResponse(status: number, code: string, message: string): Response {
  const body: GatewayErrorBody = { code, message };
  return json(body, status);
}

/**
 * A generated image. SVG can carry script, so even our own gets a CSP that allows nothing but its
 * inline styles, in case someone opens it directly rather than through an <img>.
 */
export function svgResponse(body: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
    },
  });
}

/** A whole-number query parameter within [1, max], its default when absent, or null when it is not one. */
export function limitParam(value: string | null, fallback: number, max: number): number | null {
  if (value === null || value === '') return fallback;
  if (!/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n < 1 ? null : Math.min(n, max);
}

/** A request body that is not JSON, or not an object, is the caller's mistake: 400. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = (await request.json()) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What answers one endpoint; the path's `:params` arrive decoded. */
export type Handler<Env = PlatformEnv> = (
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  params: Record<string, string>,
) => Promise<Response>;

/**
 * One handler for every endpoint of a group of the table (contract/endpoints.ts), and none for an
 * endpoint the group does not have: a feature's map that misses one, or names one too many, does
 * not compile.
 */
export type Handlers<Group extends Record<string, AnyEndpoint>> = { readonly [Key in keyof Group]: Handler };

/**
 * A small router over the endpoint table: the platform serves the table's endpoints and nothing
 * else, so a route is an endpoint (its method and path) and its handler. The first route whose
 * path and method match wins; a path that matches only with other methods is a 405.
 */
export class Router<Env = PlatformEnv> {
  private readonly routes: { name: string; method: string; pattern: RegExp; keys: string[]; handler: Handler<Env> }[] = [];

  on(endpoint: AnyEndpoint, handler: Handler<Env>): this {
    const { pattern, keys } = pathPattern(endpoint.path);
    this.routes.push({ name: endpoint.name, method: endpoint.method, pattern, keys, handler });
    return this;
  }

  /** The endpoint each request handled here went to: the request log names it without matching again. */
  private readonly matched = new WeakMap<Request, string>();

  /** The name of the endpoint `handle` sent a request to (`entry.lookup`), or null for none. */
  endpointOf(request: Request): string | null {
    return this.matched.get(request) ?? null;
  }

  async handle(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    let pathMatched = false;
    for (const route of this.routes) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      pathMatched = true;
      if (route.method !== request.method) continue;
      const params = Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1]!)]));
      this.matched.set(request, route.name);
      return route.handler(request, env, ctx, params);
    }
    return pathMatched
      ? errorResponse(405, 'method_not_allowed', `${request.method} is not allowed here`)
      : errorResponse(404, 'not_found', 'No such endpoint');
  }
}
