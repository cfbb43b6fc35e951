import {
  fillPath,
  pathPattern,
  type AnyEndpoint,
  type InputArgs,
  type OutcomeBody,
  type OutcomeCodeOf,
  type OutcomeMap,
  type ResponseOf,
  type TimeoutClass,
} from '../../contract/endpoint';
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
 * What kind of failure a call met, decided once here so that forms, pages and panels read it alike
 * (no page compares a status, docs/decisions/033):
 * - `outcome`: a status the endpoint lists, with one of its codes (`outcome` says which);
 * - `refused`: the platform refused what was asked under its rules (its message is for the seller);
 * - `not_found`: something the call named is gone, or never was;
 * - `unauthorised`: a 401 that did not end the seller's session: a caller without one, or a token
 *   refused just after its refresh (a refused refresh ends the session instead: `sessionEnded`);
 * - `rate_limited`: 429;
 * - `timeout`, `unavailable`: no usable answer, or the platform failing (5xx).
 */
export type FailureKind = 'outcome' | 'refused' | 'not_found' | 'unauthorised' | 'rate_limited' | 'timeout' | 'unavailable';

/**
 * How the platform refused: what was sent (400), the seller's own state (409, and 403: an address
 * not yet proven is the seller's state too, not a page they may not see), gone (410), too large
 * (413), a kind of body it does not take (415), or a request it cannot process (422). The seller's
 * page answers with the matching status (lib/failures.server.ts).
 */
export type Refusal = 'invalid' | 'conflict' | 'gone' | 'too_large' | 'unsupported' | 'unprocessable';

const REFUSALS: ReadonlyMap<number, Refusal> = new Map([
  [400, 'invalid'],
  [403, 'conflict'],
  [409, 'conflict'],
  [410, 'gone'],
  [413, 'too_large'],
  [415, 'unsupported'],
  [422, 'unprocessable'],
]);

/**
 * What the platform answered instead of the response: its code, words for the seller, words per
 * field, and whatever else the answer carries (the documents still missing, say), unknown until
 * checked where it is read.
 */
export type FailureBody<Code extends string = string> = OutcomeBody<Code> & { readonly [extra: string]: unknown };

/** What a failure's constructor reads of its endpoint: its name, and the outcomes it declares. */
type FailingEndpoint = Pick<AnyEndpoint, 'name' | 'outcomeStatuses'> & { outcomes?: OutcomeMap };

/**
 * The one way a platform call fails. `status` 0 means no usable answer arrived (a timeout, the
 * network, or a success whose JSON did not parse: a truncated answer must never pass for a saved
 * one); `code` is then 'timeout', 'network' or 'malformed'. Typed by its endpoint (`attempt` gives
 * `PlatformFailure<typeof endpoints.g.k>`): `outcome` is one of the endpoint's own codes.
 */
export class PlatformFailure<E extends AnyEndpoint = AnyEndpoint> extends Error {
  /** The endpoint's name in the table (`entry.lookup`). */
  readonly endpoint: string;
  /** The platform's status, for the logs: what it means is `kind`'s to say. */
  readonly status: number;
  readonly code: string | null;
  /** The answer's body when it is one of the platform's `{code, message}` bodies, else null. */
  readonly body: FailureBody | null;
  readonly kind: FailureKind;
  /**
   * What the failure is to a caller that does not handle its outcome: the kind its status has for
   * an endpoint that lists none (for any other failure, its kind).
   */
  readonly readsAs: Exclude<FailureKind, 'outcome'>;
  /** How the platform refused, when it did (a refusal, or an outcome answered as one). */
  readonly refusal: Refusal | null;
  /** The code of an outcome: one of the endpoint's own; null for every other kind. */
  readonly outcome: OutcomeCodeOf<E> | null;
  constructor(endpoint: FailingEndpoint, message: string, status: number, code: string | null, body: unknown) {
    super(message);
    this.name = 'PlatformFailure';
    this.endpoint = endpoint.name;
    this.status = status;
    this.code = code;
    this.body = body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string' ? (body as FailureBody) : null;
    this.readsAs = kindOfStatus(status, code);
    this.kind = declaresOutcome(endpoint, status, code) ? 'outcome' : this.readsAs;
    this.refusal = REFUSALS.get(status) ?? null;
    this.outcome = (this.kind === 'outcome' ? code : null) as OutcomeCodeOf<E> | null;
  }

  /** The platform itself failed or could not be reached, as opposed to answering or refusing. */
  get outage(): boolean {
    return this.kind === 'timeout' || this.kind === 'unavailable' || this.kind === 'rate_limited' || this.kind === 'unauthorised';
  }
}

/**
 * Whether the answer is one of the endpoint's outcomes: a status it lists, with one of that
 * status's codes. An entry not yet moved over lists statuses only, and any code of theirs counts.
 */
function declaresOutcome(endpoint: FailingEndpoint, status: number, code: string | null): boolean {
  if (!endpoint.outcomeStatuses.includes(status)) return false;
  const codes = endpoint.outcomes?.[status] ?? [];
  return codes.length === 0 || (code !== null && codes.includes(code));
}

/** The kind a status has for any endpoint. */
function kindOfStatus(status: number, code: string | null): Exclude<FailureKind, 'outcome'> {
  if (status === 0) return code === 'timeout' ? 'timeout' : 'unavailable';
  if (status === 429) return 'rate_limited';
  if (status === 401) return 'unauthorised';
  if (status === 404) return 'not_found';
  if (REFUSALS.has(status)) return 'refused';
  return 'unavailable';
}

export type PlatformResult<T, E extends AnyEndpoint = AnyEndpoint> = { ok: true; value: T } | { ok: false; failure: PlatformFailure<E> };

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
  /**
   * Called once when a call sent with a refresh token is answered 401 or 403: `refreshed` retries it
   * with the new tokens; `ended` means the platform refused the refresh, and with it the session;
   * `unavailable` (the refresh could not be asked) leaves the call's failure as it is.
   */
  refreshTokens?: () => Promise<TokenRefresh>;
  /**
   * What a call throws instead of its failure once the seller's session has ended (its refresh was
   * refused): the app signs the seller out and sends them to sign in (lib/auth.server.ts), the same
   * for every call, whichever page or form made it.
   */
  sessionEnded?: () => unknown;
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

/** What a token refresh came to (GatewayClientOptions.refreshTokens). */
export type TokenRefresh = 'refreshed' | 'ended' | 'unavailable';

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

  async function attemptOnce(endpoint: AnyEndpoint, url: string, path: string, body: unknown, tokens: GatewayTokens, raw = false) {
    const method = endpoint.method;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requester-id': options.requesterId,
      ...authHeaders(tokens),
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
      // A file (a photo) is handed on as it came, its bytes unread.
      if (raw && response.ok) return { response, answer: null };
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

  async function send(endpoint: AnyEndpoint, url: string, path: string, body: unknown, raw = false): Promise<unknown> {
    if (options.loopDetector?.record(`${options.requesterId} ${endpoint.method} ${url}`, now())) {
      log('gateway.request_loop', { method: endpoint.method, path, requesterId: options.requesterId });
    }

    // The tokens this call is sent with: a call beside it may sign the seller out meanwhile.
    const tokens = options.getTokens();
    let { response, answer } = await attemptOnce(endpoint, url, path, body, tokens, raw);
    if ((response.status === 401 || response.status === 403) && tokens.refreshToken && options.refreshTokens) {
      const refresh = await options.refreshTokens();
      if (refresh === 'refreshed') ({ response, answer } = await attemptOnce(endpoint, url, path, body, options.getTokens(), raw));
      else if (refresh === 'ended' && options.sessionEnded) throw options.sessionEnded();
    }

    if (!response.ok) {
      const code =
        answer && typeof answer === 'object' && typeof (answer as { code?: unknown }).code === 'string'
          ? (answer as { code: string }).code
          : null;
      throw new PlatformFailure(endpoint, errorMessage(response.status, response.statusText, answer), response.status, code, answer);
    }
    return raw ? response : answer;
  }

  // One client serves one request: the same GET asked twice in it is one call. That is the one
  // read per request of what several loaders and an action all need (the seller's sale: the
  // layouts, the step and its action, features/sale/seller-sale.server.ts). A POST may change
  // what a GET would answer, so it clears them: what is read after a write is read afresh.
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
  async function attempt<E extends AnyEndpoint>(endpoint: E, ...args: InputArgs<E>): Promise<PlatformResult<ResponseOf<E>, E>> {
    try {
      return { ok: true, value: await call(endpoint, ...args) };
    } catch (error) {
      // A failure is always of the endpoint called: only this call's own are caught here.
      if (error instanceof PlatformFailure) return { ok: false, failure: error as PlatformFailure<E> };
      throw error;
    }
  }

  /** A GET whose answer is a file (a photo): the platform's response itself, body unread, or a PlatformFailure thrown. */
  async function file<E extends AnyEndpoint>(endpoint: E, ...[input]: InputArgs<E>): Promise<Response> {
    const { params, query } = (input ?? {}) as { params?: Record<string, string | number>; query?: Query };
    const path = fillPath(endpoint.path, params);
    return (await send(endpoint, buildUrl(path, query), path, undefined, true)) as Response;
  }

  return { call, attempt, file };
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
