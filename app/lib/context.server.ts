import type { KeptForm } from './forms/kept-form';
import { clockNowMs } from './clock.server';
import { createAnalytics, type Analytics } from './analytics.server';
import { SCRIPTS_HINT_COOKIE } from './client-hints';
import { readCookie } from './cookies';
import { decideExperiments, type Decisions } from './experiments';
import { effectiveFlags, readPreferences, type Preferences } from './preferences.server';
import { needsRefresh, refreshIdToken, refreshOnce, sessionEnded, signOut } from './auth.server';
import type { AppConfig } from './env.server';
import { createGatewayClient, LoopDetector, ProvidersVersions, type GatewayClient, type GatewayClientOptions } from './gateway.server';
import { createSessionStorage, readSession, type AppSession } from './session.server';
import { createNonce } from './security.server';
import { isSameOriginPost } from './cross-site.server';

/** The context every loader and action receives: one per request, built from env (never module scope). */
export interface AppContext {
  config: AppConfig;
  session: AppSession;
  gateway: GatewayClient;
  /** Per-request CSP nonce for the inline scripts React and Remix write. */
  cspNonce: string;
  /** Whether the document can be streamed (see docs/decisions/004-streaming-and-no-js.md). */
  clientRunsScripts: boolean;
  /** A client-side navigation's data (single fetch `.data`), not a document: see ServerMarkup (ADR 012). */
  dataRequest: boolean;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Cookie consent and the sticky banner's dismissal; an action may change them for this response. */
  preferences: Preferences;
  /** This seller's experiment variants (decided on the server). */
  experiments: Decisions;
  /** First-party analytics: records nothing until the seller consents. */
  analytics: Analytics;
  /** The app's route table (for the sitemap and robots.txt); set by server.ts. */
  routes: RouteTable;
  /** A plain form post's typed values, for the page-load failure to hand back (kept-form.ts); set by server.ts. */
  keptForm: KeptForm | null;
}

/** What the sitemap needs of the server build's routes. */
export type RouteTable = Record<
  string,
  { path?: string; index?: boolean; parentId?: string; module: { default?: unknown; handle?: unknown } } | undefined
>;

export type RefreshState = 'anonymous' | 'fresh' | 'refreshed' | 'signed_out' | 'unavailable';

declare module '@remix-run/server-runtime' {
  interface AppLoadContext extends AppContext {}
}

// Request loops span requests, so their counts outlive one: per isolate, bounded, keyed by requester.
const loopDetector = new LoopDetector();
// The providers' versions are the platform's, the same for every seller: per isolate, once heard.
const providersVersions = new ProvidersVersions();

/**
 * Where a request came from, as Cloudflare's edge reports it on `request.cf`: the network's name,
 * the city and the country ('BT, London, GB'), for the seller's list of devices. Only in production:
 * the local runtime's `cf` is a fixed example, not the seller's, so there it is 'unknown'.
 */
export function networkOf(request: Request, config: Pick<AppConfig, 'environment'>): string {
  if (config.environment !== 'production') return 'unknown';
  const cf = (request as Request & { cf?: { asOrganization?: unknown; city?: unknown; country?: unknown } }).cf;
  const parts = [cf?.asOrganization, cf?.city, cf?.country].filter((part): part is string => typeof part === 'string' && part !== '');
  return parts.length ? parts.join(', ') : 'unknown';
}

export async function createAppContext(request: Request, config: AppConfig, waitUntil: AppContext['waitUntil'], routes: RouteTable = {}) {
  const storage = createSessionStorage(config.sessionSecrets);
  const cookieHeader = request.headers.get('cookie');
  const { session, created } = await readSession(storage, cookieHeader);
  // A visitor who only reads gets no cookie; one who sends a form keeps their session from then on,
  // so what they did (a failed sign-in, say) stays theirs rather than landing on a new requester.
  const keepNewSession = created && request.method === 'POST';
  const snapshot = JSON.stringify(session.data);

  const gatewayTarget = config.gateway;
  const transport: Pick<
    GatewayClientOptions,
    | 'fetch'
    | 'baseUrl'
    | 'gatewaySecret'
    | 'clientIp'
    | 'clientUserAgent'
    | 'clientNetwork'
    | 'loopDetector'
    | 'timeoutScale'
    | 'providersVersions'
    | 'sessionId'
  > = {
    fetch: gatewayTarget.binding ? (r) => gatewayTarget.binding.fetch(r) : (r) => fetch(r),
    // Through the binding the host is never resolved; it only has to be a valid URL.
    baseUrl: gatewayTarget.binding ? 'https://platform.internal' : gatewayTarget.url,
    gatewaySecret: config.gatewaySecret,
    // Only the edge writes this header: on Cloudflare it is set from the connection for every
    // request that reaches a worker (a client's own value is overwritten, never passed on), and
    // locally the front door does the same (scripts/lib/front-door.mjs). So it is the seller's
    // address as the edge saw it, not a claim (ADR 032).
    clientIp: request.headers.get('cf-connecting-ip'),
    clientUserAgent: request.headers.get('user-agent'),
    clientNetwork: networkOf(request, config),
    loopDetector,
    timeoutScale: config.gatewayTimeoutScale,
    providersVersions,
    sessionId: isSameOriginPost(request) ? session.get('sessionId') : null,
  };
  // Refresh calls carry no tokens and never refresh themselves.
  const authGateway = createGatewayClient({ ...transport, requesterId: session.get('requesterId')!, getTokens: () => ({}) });

  /** Refreshes the id token when it is near expiry (or when forced by a 401/403), once per race. */
  async function refreshSession(force: boolean): Promise<RefreshState> {
    const auth = session.get('auth');
    if (!auth) return 'anonymous';
    if (!force && !needsRefresh(auth, clockNowMs())) return 'fresh';
    const outcome = await refreshOnce(auth.refreshToken, () => refreshIdToken(authGateway, auth.refreshToken));
    if (outcome.kind === 'refreshed') {
      session.set('auth', {
        ...auth,
        idToken: outcome.idToken,
        refreshToken: outcome.refreshToken,
        expiresIn: outcome.expiresIn,
        issuedAt: outcome.issuedAt,
      });
      return 'refreshed';
    }
    if (outcome.kind === 'signed_out') {
      signOut(session);
      return 'signed_out';
    }
    return 'unavailable';
  }

  const gateway = createGatewayClient({
    ...transport,
    // Read per call: signing in or out mid-request changes the requester and the tokens.
    get requesterId() {
      return session.get('requesterId')!;
    },
    getTokens: () => {
      const auth = session.get('auth');
      return auth ? { idToken: auth.idToken, refreshToken: auth.refreshToken, authToken: auth.authToken } : {};
    },
    refreshTokens: async () => {
      const state = await refreshSession(true);
      if (state === 'refreshed') return 'refreshed';
      // Refused, or already gone: a call beside this one met the same refusal first.
      return state === 'signed_out' || state === 'anonymous' ? 'ended' : 'unavailable';
    },
    sessionEnded: () => sessionEnded(session, new URL(request.url)),
  });

  const preferences = readPreferences(cookieHeader);
  const experiments = decideExperiments(session.get('requesterId')!, config.experimentDecisions);
  const url = new URL(request.url);
  const context: AppContext = {
    // Development overrides of feature flags (/dev/flags); production ignores them.
    config: { ...config, featureFlags: effectiveFlags(config, cookieHeader) },
    session,
    gateway,
    cspNonce: createNonce(),
    clientRunsScripts: readCookie(cookieHeader, SCRIPTS_HINT_COOKIE) === '1',
    dataRequest: url.pathname.endsWith('.data'),
    waitUntil,
    preferences,
    experiments,
    routes,
    keptForm: null as KeptForm | null,
    analytics: createAnalytics({
      consented: () => preferences.consent === 'granted',
      path: url.pathname.replace(/\.data$/, '') || '/',
      campaign: () => session.get('campaign'),
      experiments,
      gateway: () => gateway,
    }),
  };

  /** The one place the session is committed: only when a loader or action changed it. */
  async function commitSession(response: Response): Promise<Response> {
    if (!keepNewSession && JSON.stringify(session.data) === snapshot) return response;
    const headers = new Headers(response.headers);
    headers.append('Set-Cookie', await storage.commitSession(session));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  return { context, commitSession, refreshIfNeeded: () => refreshSession(false) };
}
