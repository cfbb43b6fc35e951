import { fillPath, pathPattern, type AnyEndpoint, type InputArgs, type ResponseOf, type TimeoutClass } from '../../contract/endpoint';
import { endpoints } from '../../contract/endpoints';
import { GATEWAY_SECRET_HEADER, isProvidersVersions, PROVIDERS_VERSIONS_HEADER, SESSION_ID_HEADER } from '../../contract/gateway';
import { CLIENT_NETWORK_HEADER, CLIENT_USER_AGENT_HEADER } from '../../contract/sessions';
import { clockNowMs } from './clock.server';

/**
 * The one door to the platform gateway (docs/behaviour/principles.md#rule-1, docs/behaviour/gateway.md#shared-request-behaviour). Every loader and action
 * calls the platform's endpoints (contract/endpoints.ts) through a client made here, so headers,
 * timeouts, error messages, token refresh and loop reports behave the same everywhere, and every
 * answer is the endpoint's response or one PlatformFailure.
 */

export const TIMEOUTS_MS: Record<TimeoutClass, number> = { default: 5_000, long: 10_000, payments: 20_000 };

const ALL_ENDPOINTS: AnyEndpoint[] = Object.values(endpoints).flatMap((group) => Object.values(group));

/** The timeout of an endpoint, or of the endpoint a platform path belongs to (5 s for a path of none). */
export function timeoutFor(endpointOrPath: AnyEndpoint | string): number {
  if (typeof endpointOrPath !== 'string') return TIMEOUTS_MS[endpointOrPath.timeout];
  const path = endpointOrPath.split('?')[0]!;
  const endpoint = ALL_ENDPOINTS.find((e) => pathPattern(e.path).pattern.test(path));
  return TIMEOUTS_MS[endpoint?.timeout ?? 'default'];
}

export interface GatewayTokens {
  idToken?: string | null;
  refreshToken?: string | null;
  authToken?: string | null;
}

/** docs/behaviour/gateway.md#shared-request-behaviour: the id token when a refresh token and an id token both exist, else the auth token. */
export function authHeaders(tokens: GatewayTokens): Record<string, string> {
  if (tokens.refreshToken && tokens.idToken) return { 'x-mway-authorization': tokens.idToken };
  if (tokens.authToken) return { 'x-access-token': tokens.authToken };
  return {};
}

/**
 * What kind of failure a call met, decided once here so that forms, pages and panels read it alike:
 * - `outcome`: a status the endpoint lists as an answer to show (its `{code}` says which);
 * - `refused`: the platform refused what was asked under its rules (its message is for the seller);
 * - `not_found`: something the call named is gone, or never was;
 * - `unauthorised`: a 401 after the one token refresh;
 * - `rate_limited`: 429;
 * - `timeout`, `unavailable`: no usable answer, or the platform failing (5xx).
 */
export type FailureKind = 'outcome' | 'refused' | 'not_found' | 'unauthorised' | 'rate_limited' | 'timeout' | 'unavailable';

/** Statuses the platform uses to refuse what was asked under its rules; its message is written for the seller. */
export const REFUSAL_STATUSES: ReadonlySet<number> = new Set([400, 403, 409, 410, 413, 415, 422]);

/**
 * The one way a platform call fails. `status` 0 means no usable answer arrived (a timeout, the
 * network, or a success whose JSON did not parse: a truncated answer must never pass for a saved
 * one); `code` is then 'timeout', 'network' or 'malformed'.
 */
export class PlatformFailure extends Error {
  /** The endpoint's name in the table (`entry.lookup`). */
  readonly endpoint: string;
  readonly status: number;
  readonly code: string | null;
  readonly body: unknown;
  readonly kind: FailureKind;
  constructor(
    endpoint: Pick<AnyEndpoint, 'name' | 'outcomeStatuses'>,
    message: string,
    status: number,
    code: string | null,
    body: unknown,
  ) {
    super(message);
    this.name = 'PlatformFailure';
    this.endpoint = endpoint.name;
    this.status = status;
    this.code = code;
    this.body = body;
    this.kind = failureKind(endpoint.outcomeStatuses, status, code);
  }

  /** The `{code}` of an outcome (an answer the endpoint lists for the seller's page), else null. */
  get outcome(): string | null {
    return this.kind === 'outcome' ? this.code : null;
  }

  /** The platform itself failed or could not be reached, as opposed to answering or refusing. */
  get outage(): boolean {
    return this.kind === 'timeout' || this.kind === 'unavailable' || this.kind === 'rate_limited' || this.kind === 'unauthorised';
  }
}

function failureKind(outcomes: readonly number[], status: number, code: string | null): FailureKind {
  if (status === 0) return code === 'timeout' ? 'timeout' : 'unavailable';
  if (outcomes.includes(status)) return 'outcome';
  if (status === 429) return 'rate_limited';
  if (status === 401) return 'unauthorised';
  if (status === 404) return 'not_found';
  if (REFUSAL_STATUSES.has(status)) return 'refused';
  return 'unavailable';
}

export type PlatformResult<T> = { ok: true; value: T } | { ok: false; failure: PlatformFailure };

/** docs/behaviour/gateway.md#shared-request-behaviour: the body's message, then its code, then the status text, then the status. */
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
 * limit (docs/behaviour/gateway.md#request-loops: 20 calls to one URL within 2 minutes). It lives across requests, so it is bounded.
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

/**
 * The providers' versions the platform last named (docs/behaviour/gateway.md#auth-headers): kept
 * per isolate, since they are the platform's and the same for every seller, and sent back on every
 * call once known.
 */
export class ProvidersVersions {
  private value: string | null = null;
  get known(): string | null {
    return this.value;
  }
  /** Keeps what an answer named; anything that is not a versions value is ignored. */
  heard(value: string | null): void {
    if (isProvidersVersions(value)) this.value = value;
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
  /** Where the seller's request came from as the edge reports it ('BT, London, GB'), for their session list. */
  clientNetwork?: string | null;
  getTokens: () => GatewayTokens;
  /** Called once on a 401/403 when a refresh token exists; true means retry with the new tokens. */
  refreshTokens?: () => Promise<boolean>;
  loopDetector?: LoopDetector;
  /** The providers' versions, learnt from the platform's answers and sent back once known. */
  providersVersions?: ProvidersVersions;
  /**
   * The seller's browsing session, given only while answering a form the seller posted from one of
   * our pages: every call made for it carries the id (spec §7.3's session-id on same-origin POSTs).
   */
  sessionId?: string | null;
  log?: GatewayLogger;
  now?: () => number;
  /**
   * Multiplies every timeout: 1 in production; tests that wait out a timeout on purpose (the fault
   * matrix) shrink them instead of sitting through 5 or 20 seconds a row.
   */
  timeoutScale?: number;
}

type Query = Record<string, string | number | boolean | null | undefined>;

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

  const noAnswer = (endpoint: AnyEndpoint, message: string, code: 'timeout' | 'network' | 'malformed') =>
    new PlatformFailure(endpoint, message, 0, code, null);

  async function attemptOnce(endpoint: AnyEndpoint, url: string, path: string, body: unknown) {
    const method = endpoint.method;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requester-id': options.requesterId,
      ...authHeaders(options.getTokens()),
    };
    if (options.clientIp) headers['x-client-ip'] = options.clientIp;
    if (options.gatewaySecret) headers[GATEWAY_SECRET_HEADER] = options.gatewaySecret;
    if (options.clientUserAgent) headers[CLIENT_USER_AGENT_HEADER] = options.clientUserAgent;
    if (options.clientNetwork) headers[CLIENT_NETWORK_HEADER] = options.clientNetwork;
    const versions = options.providersVersions?.known;
    if (versions) headers[PROVIDERS_VERSIONS_HEADER] = versions;
    if (options.sessionId) headers[SESSION_ID_HEADER] = options.sessionId;
    // Uploads go through as multipart, the body's own content type (with its boundary) intact.
    const multipart = body instanceof FormData;
    if (body !== undefined && !multipart) headers['content-type'] = 'application/json';

    const timeoutMs = Math.max(1, Math.round(timeoutFor(endpoint) * (options.timeoutScale ?? 1)));
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
          body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
          signal: controller.signal,
        }),
      );
      options.providersVersions?.heard(response.headers.get(PROVIDERS_VERSIONS_HEADER));
      const text = await response.text();
      const answer = parseBody(text);
      const contentType = response.headers.get('content-type') ?? '';
      const promisedJson = contentType.includes('json');
      // A JSON answer that does not parse or arrived empty, or an HTML page (a proxy's, never the
      // gateway's), is not an answer: SVGs and scripts the gateway serves pass through as text.
      const unreadable =
        (promisedJson && (typeof answer === 'string' || (text === '' && response.status !== 204))) || contentType.includes('text/html');
      if (response.ok && unreadable) {
        log('gateway.malformed_body', { method, path, status: response.status, length: text.length });
        throw noAnswer(endpoint, 'The service sent an answer that could not be read', 'malformed');
      }
      return { response, answer };
    } catch (error) {
      if (error instanceof PlatformFailure) throw error;
      if (timedOut) {
        log('gateway.timeout', { method, path, timeoutMs });
        throw noAnswer(endpoint, `Timed out in ${timeoutMs}ms`, 'timeout');
      }
      log('gateway.network_error', { method, path, error: String(error) });
      throw noAnswer(endpoint, 'The service could not be reached', 'network');
    } finally {
      clearTimeout(timer);
    }
  }

  async function send(endpoint: AnyEndpoint, url: string, path: string, body: unknown): Promise<unknown> {
    if (options.loopDetector?.record(`${options.requesterId} ${endpoint.method} ${url}`, now())) {
      log('gateway.request_loop', { method: endpoint.method, path, requesterId: options.requesterId });
    }

    let { response, answer } = await attemptOnce(endpoint, url, path, body);
    if ((response.status === 401 || response.status === 403) && options.getTokens().refreshToken && options.refreshTokens) {
      if (await options.refreshTokens()) ({ response, answer } = await attemptOnce(endpoint, url, path, body));
    }

    if (!response.ok) {
      const code =
        answer && typeof answer === 'object' && typeof (answer as { code?: unknown }).code === 'string'
          ? (answer as { code: string }).code
          : null;
      throw new PlatformFailure(endpoint, errorMessage(response.status, response.statusText, answer), response.status, code, answer);
    }
    return answer;
  }

  // One client serves one request, whose loaders run side by side: the same GET asked twice (the
  // vehicle layout and its page both need the enquiry) is one call. A POST may change what a GET
  // would answer, so it clears them.
  const gets = new Map<string, Promise<unknown>>();

  /** Calls an endpoint of the table: its answer, or a PlatformFailure thrown. */
  async function call<E extends AnyEndpoint>(endpoint: E, ...[input]: InputArgs<E>): Promise<ResponseOf<E>> {
    const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: Query; body?: unknown };
    const path = fillPath(endpoint.path, params);
    const url = buildUrl(path, query);
    if (endpoint.method === 'POST') {
      gets.clear();
      return (await send(endpoint, url, path, body ?? {})) as ResponseOf<E>;
    }
    let pending = gets.get(url);
    if (!pending) {
      pending = send(endpoint, url, path, undefined);
      gets.set(url, pending);
      pending.catch(() => gets.delete(url));
    }
    return (await pending) as ResponseOf<E>;
  }

  /** The same call with a failure as a value, for callers that answer it on the spot (forms, panels). */
  async function attempt<E extends AnyEndpoint>(endpoint: E, ...args: InputArgs<E>): Promise<PlatformResult<ResponseOf<E>>> {
    try {
      return { ok: true, value: await call(endpoint, ...args) };
    } catch (error) {
      if (error instanceof PlatformFailure) return { ok: false, failure: error };
      throw error;
    }
  }

  return { call, attempt };
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
