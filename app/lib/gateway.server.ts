import { CLIENT_USER_AGENT_HEADER } from '../../contract/sessions';
import { clockNowMs } from './clock.server';
import { GATEWAY_SECRET_HEADER } from '../../contract/gateway';

/**
 * The one door to the platform gateway (DESIGN.md rule 1, spec 2 §7.3). Every loader and action
 * talks to the gateway through a client made here, so headers, timeouts, error messages, token
 * refresh and loop reports behave the same everywhere.
 */

export const DEFAULT_TIMEOUT_MS = 5_000;
export const LONG_TIMEOUT_MS = 10_000;
export const PAYMENTS_TIMEOUT_MS = 20_000;

/** Calls the spec gives a 10 s timeout. Payments calls get 20 s by their path prefix. */
const LONG_TIMEOUT_PATHS = [/^\/platform\/premium-offer(\/|$|\?)/];

export function timeoutFor(path: string): number {
  if (/^\/platform\/payments\//.test(path)) return PAYMENTS_TIMEOUT_MS;
  if (LONG_TIMEOUT_PATHS.some((pattern) => pattern.test(path))) return LONG_TIMEOUT_MS;
  return DEFAULT_TIMEOUT_MS;
}

export interface GatewayTokens {
  idToken?: string | null;
  refreshToken?: string | null;
  authToken?: string | null;
}

/** Spec 7.3: the id token when a refresh token and an id token both exist, else the auth token. */
export function authHeaders(tokens: GatewayTokens): Record<string, string> {
  if (tokens.refreshToken && tokens.idToken) return { 'x-mway-authorization': tokens.idToken };
  if (tokens.authToken) return { 'x-access-token': tokens.authToken };
  return {};
}

export class GatewayError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly body: unknown;
  constructor(message: string, status: number, code: string | null, body: unknown) {
    super(message);
    this.name = 'GatewayError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/**
 * Status 0: no usable answer arrived (timeout, the network failed, or a success whose JSON body
 * did not parse: a truncated answer must never pass for a saved one).
 */
export class GatewayUnavailableError extends GatewayError {
  constructor(message: string, code: 'timeout' | 'network' | 'malformed') {
    super(message, 0, code, null);
    this.name = 'GatewayUnavailableError';
  }
}

/** Spec 7.3: the body's message, then its code, then the status text, then the status. */
export function errorMessage(status: number, statusText: string, body: unknown): string {
  if (body && typeof body === 'object') {
    const { message, code } = body as { message?: unknown; code?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof code === 'string' && code) return code;
  }
  if (statusText) return statusText;
  return String(status);
}

/**
 * Counts calls per key in a sliding window and reports a loop once when the count reaches the
 * limit (spec: 20 calls to one URL within 2 minutes). It lives across requests, so it is bounded.
 */
export class LoopDetector {
  private readonly calls = new Map<string, number[]>();
  constructor(
    private readonly limit = 20,
    private readonly windowMs = 120_000,
    private readonly maxKeys = 5_000,
  ) {}

  /** Records a call; true exactly when this call makes the count reach the limit. */
  record(key: string, now: number): boolean {
    const recent = (this.calls.get(key) ?? []).filter((t) => now - t < this.windowMs);
    recent.push(now);
    this.calls.delete(key);
    this.calls.set(key, recent);
    if (this.calls.size > this.maxKeys) {
      const oldest = this.calls.keys().next().value;
      if (oldest !== undefined) this.calls.delete(oldest);
    }
    return recent.length === this.limit;
  }
}

export type GatewayLogger = (event: string, details: Record<string, unknown>) => void;

export interface GatewayClientOptions {
  /** The service binding's fetch locally, the global fetch when deployed against GATEWAY_URL. */
  fetch: (request: Request) => Promise<Response>;
  baseUrl: string;
  /** The secret shared with the gateway (GATEWAY_SECRET): the platform answers no caller without it. */
  gatewaySecret?: string;
  requesterId: string;
  clientIp?: string | null;
  /** The seller's User-Agent: a session started by a call names its device from it (their session list). */
  clientUserAgent?: string | null;
  getTokens: () => GatewayTokens;
  /** Called once on a 401/403 when a refresh token exists; true means retry with the new tokens. */
  refreshTokens?: () => Promise<boolean>;
  loopDetector?: LoopDetector;
  log?: GatewayLogger;
  now?: () => number;
  /**
   * Multiplies every timeout: 1 in production; tests that wait out a timeout on purpose (the fault
   * matrix) shrink them instead of sitting through 5 or 20 seconds a row.
   */
  timeoutScale?: number;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  timeoutMs?: number;
  /** Non-OK statuses the caller handles itself: their body is returned instead of thrown. */
  allowStatuses?: readonly number[];
}

export interface GatewayResult<T> {
  status: number;
  data: T;
}

export type GatewayClient = ReturnType<typeof createGatewayClient>;

export function createGatewayClient(options: GatewayClientOptions) {
  const now = options.now ?? clockNowMs;
  const log = options.log ?? defaultLog;

  function buildUrl(path: string, query?: Query): string {
    const url = new URL(path, options.baseUrl);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  async function attempt(method: string, url: string, path: string, init: RequestOptions) {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requester-id': options.requesterId,
      ...authHeaders(options.getTokens()),
    };
    if (options.clientIp) headers['x-client-ip'] = options.clientIp;
    if (options.gatewaySecret) headers[GATEWAY_SECRET_HEADER] = options.gatewaySecret;
    if (options.clientUserAgent) headers[CLIENT_USER_AGENT_HEADER] = options.clientUserAgent;
    // Uploads go through as multipart, the body's own content type (with its boundary) intact.
    const multipart = init.body instanceof FormData;
    if (init.body !== undefined && !multipart) headers['content-type'] = 'application/json';

    const timeoutMs = Math.max(1, Math.round((init.timeoutMs ?? timeoutFor(path)) * (options.timeoutScale ?? 1)));
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const response = await options.fetch(
        new Request(url, {
          method,
          headers,
          body: init.body === undefined ? undefined : multipart ? (init.body as FormData) : JSON.stringify(init.body),
          signal: controller.signal,
        }),
      );
      const text = await response.text();
      const body = parseBody(text);
      const contentType = response.headers.get('content-type') ?? '';
      const promisedJson = contentType.includes('json');
      // A JSON answer that does not parse or arrived empty, or an HTML page (a proxy's, never the
      // gateway's), is not an answer: SVGs and scripts the gateway serves pass through as text.
      const unreadable =
        (promisedJson && (typeof body === 'string' || (text === '' && response.status !== 204))) || contentType.includes('text/html');
      if (response.ok && unreadable) {
        log('gateway.malformed_body', { method, path, status: response.status, length: text.length });
        throw new GatewayUnavailableError('The service sent an answer that could not be read', 'malformed');
      }
      return { response, body };
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw error;
      if (timedOut) {
        log('gateway.timeout', { method, path, timeoutMs });
        throw new GatewayUnavailableError(`Timed out in ${timeoutMs}ms`, 'timeout');
      }
      log('gateway.network_error', { method, path, error: String(error) });
      throw new GatewayUnavailableError('The service could not be reached', 'network');
    } finally {
      clearTimeout(timer);
    }
  }

  async function request<T>(method: 'GET' | 'POST', path: string, init: RequestOptions = {}): Promise<GatewayResult<T>> {
    const url = buildUrl(path, init.query);
    if (options.loopDetector?.record(`${options.requesterId} ${method} ${url}`, now())) {
      log('gateway.request_loop', { method, path, requesterId: options.requesterId });
    }

    let { response, body } = await attempt(method, url, path, init);
    if ((response.status === 401 || response.status === 403) && options.getTokens().refreshToken && options.refreshTokens) {
      if (await options.refreshTokens()) ({ response, body } = await attempt(method, url, path, init));
    }

    if (!response.ok && !init.allowStatuses?.includes(response.status)) {
      const code = body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string'
        ? (body as { code: string }).code
        : null;
      throw new GatewayError(errorMessage(response.status, response.statusText, body), response.status, code, body);
    }
    return { status: response.status, data: body as T };
  }

  // One client serves one request, whose loaders run side by side: the same GET asked twice (the
  // vehicle layout and its page both need the enquiry) is one call. A POST may change what a GET
  // would answer, so it clears them.
  const gets = new Map<string, Promise<unknown>>();
  async function get<T>(path: string, init?: Omit<RequestOptions, 'body'>): Promise<T> {
    const key = `${buildUrl(path, init?.query)} ${init?.timeoutMs ?? ''} ${init?.allowStatuses?.join(',') ?? ''}`;
    let pending = gets.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = request<T>('GET', path, init).then((r) => r.data);
      gets.set(key, pending);
      pending.catch(() => gets.delete(key));
    }
    return pending;
  }

  return {
    request: <T>(method: 'GET' | 'POST', path: string, init: RequestOptions = {}) => {
      if (method === 'POST') gets.clear();
      return request<T>(method, path, init);
    },
    get,
    post: async <T>(path: string, body?: unknown, init?: Omit<RequestOptions, 'body'>) => {
      gets.clear();
      return (await request<T>('POST', path, { ...init, body: body ?? {} })).data;
    },
  };
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function defaultLog(event: string, details: Record<string, unknown>) {
  console.warn(JSON.stringify({ event, ...details }));
}
