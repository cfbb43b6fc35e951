import { SCRIPTS_HINT_COOKIE } from './client-hints';
import type { AppConfig } from './env.server';
import { createGatewayClient, LoopDetector, type GatewayClient } from './gateway.server';
import { createSessionStorage, readSession, type AppSession } from './session.server';


/** The context every loader and action receives: one per request, built from env (never module scope). */
export interface AppContext {
  config: AppConfig;
  session: AppSession;
  gateway: GatewayClient;
  /** Per-request CSP nonce for the inline scripts React and Remix write. */
  cspNonce: string;
  /** Whether the document can be streamed (see docs/decisions/004-streaming-and-no-js.md). */
  clientRunsScripts: boolean;
  waitUntil: (promise: Promise<unknown>) => void;
}

declare module '@remix-run/server-runtime' {
  interface AppLoadContext extends AppContext {}
}

// Request loops span requests, so their counts outlive one: per isolate, bounded, keyed by requester.
const loopDetector = new LoopDetector();

export function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

export async function createAppContext(request: Request, config: AppConfig, waitUntil: AppContext['waitUntil']) {
  const storage = createSessionStorage(config.sessionSecrets);
  const cookieHeader = request.headers.get('cookie');
  const session = await readSession(storage, cookieHeader);
  const snapshot = JSON.stringify(session.data);

  const gatewayTarget = config.gateway;
  const gateway = createGatewayClient({
    fetch: gatewayTarget.binding ? (r) => gatewayTarget.binding.fetch(r) : (r) => fetch(r),
    // Through the binding the host is never resolved; it only has to be a valid URL.
    baseUrl: gatewayTarget.binding ? 'https://platform.internal' : gatewayTarget.url,
    requesterId: session.get('requesterId')!,
    clientIp: request.headers.get('cf-connecting-ip'),
    getTokens: () => ({}),
    loopDetector,
  });

  const context: AppContext = {
    config,
    session,
    gateway,
    cspNonce: createNonce(),
    clientRunsScripts: readCookie(cookieHeader, SCRIPTS_HINT_COOKIE) === '1',
    waitUntil,
  };

  /** The one place the session is committed: only when a loader or action changed it. */
  async function commitSession(response: Response): Promise<Response> {
    if (JSON.stringify(session.data) === snapshot) return response;
    const headers = new Headers(response.headers);
    headers.append('Set-Cookie', await storage.commitSession(session));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  return { context, commitSession };
}

function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
