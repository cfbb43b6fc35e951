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

/**
 * How big a request body may be, uploads aside (they have their own limits, contract/documents.ts):
 * every JSON body the app sends is a few KB, so a bigger one is refused before it is parsed.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/** Thrown by the body readers when a body passes its limit; the entry point answers it with a 413. */
export class PayloadTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is over ${limit} bytes`);
  }
}

export const payloadTooLarge = () => errorResponse(413, 'payload_too_large', 'The request body is too large');

/**
 * Whether the declared Content-Length is over `limit`. A value that is not a length (nobody's
 * runtime sends one, but a header is anyone's word) counts as over: it cannot be honoured.
 */
export function declaresMoreThan(request: Request, limit: number): boolean {
  const declared = request.headers.get('content-length');
  if (declared === null) return false;
  return !/^\d{1,15}$/.test(declared.trim()) || Number(declared) > limit;
}

/**
 * The body as text, read only up to `limit` bytes: a declared length over it is refused before a
 * byte is read, and a body without one (chunked) is abandoned as soon as it passes it. Throws
 * PayloadTooLarge.
 */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  if (declaresMoreThan(request, limit)) throw new PayloadTooLarge(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Not awaited: a copy's cancel settles only once the original is cancelled too (the spec's
      // tee), and the original is never read after this.
      reader.cancel().catch(() => {});
      throw new PayloadTooLarge(limit);
    }
    chunks.push(value);
  }
  const decoder = new TextDecoder();
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
}

/** A request body that is not JSON, or not an object, is the caller's mistake: 400 (over the limit: 413). */
export async function readJsonObject(request: Request, limit = MAX_BODY_BYTES): Promise<Record<string, unknown> | null> {
  const text = await readBodyText(request, limit);
  try {
    const body = JSON.parse(text) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function decodedParams(keys: string[], match: RegExpExecArray): Record<string, string> | null {
  try {
    return Object.fromEntries(keys.map((key, i) => [key, decodeURIComponent(match[i + 1]!)]));
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
  private readonly routes: {
    name: string;
    method: string;
    pattern: RegExp;
    keys: string[];
    handler: Handler<Env>;
    maxBodyBytes: number;
  }[] = [];

  /**
   * `maxBodyBytes` is what the route may be sent (MAX_BODY_BYTES unless it says otherwise): a
   * declared Content-Length over it is a 413 before the handler runs; the body readers hold a
   * body without one to the same limit as they read it.
   */
  on(endpoint: AnyEndpoint, handler: Handler<Env>, { maxBodyBytes = MAX_BODY_BYTES } = {}): this {
    const { pattern, keys } = pathPattern(endpoint.path);
    this.routes.push({ name: endpoint.name, method: endpoint.method, pattern, keys, handler, maxBodyBytes });
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
      const params = decodedParams(route.keys, match);
      // A path segment that is not valid percent-encoding names nothing we have.
      if (!params) return errorResponse(404, 'not_found', 'No such endpoint');
      this.matched.set(request, route.name);
      if (declaresMoreThan(request, route.maxBodyBytes)) return payloadTooLarge();
      return route.handler(request, env, ctx, params);
    }
    return pathMatched
      ? errorResponse(405, 'method_not_allowed', `${request.method} is not allowed here`)
      : errorResponse(404, 'not_found', 'No such endpoint');
  }
}
