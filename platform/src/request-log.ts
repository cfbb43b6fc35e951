import { isSessionId, PROVIDERS_VERSIONS_HEADER, SESSION_ID_HEADER } from '../../contract/gateway';
import { providersVersionsState } from './providers/versions';

/**
 * One line per call the platform answers (Workers Logs, structured JSON): which endpoint (its
 * name in contract/endpoints.ts, never the path, which may hold a registration), how it ended, who
 * asked (the requester id, and the seller's browsing session on a form post), and which providers'
 * versions the caller was working from (docs/behaviour/gateway.md#auth-headers).
 */
export interface RequestLogEntry {
  event: 'platform.request';
  method: string;
  endpoint: string | null;
  status: number;
  requesterId: string | null;
  sessionId: string | null;
  /** What the caller sent, when it is a value the platform sends; `providers` says how it compares. */
  providersVersions: string | null;
  providers: ReturnType<typeof providersVersionsState>;
}

export function requestLogEntry(request: Request, endpoint: string | null, status: number): RequestLogEntry {
  const sentVersions = request.headers.get(PROVIDERS_VERSIONS_HEADER);
  const providers = providersVersionsState(sentVersions);
  const sessionId = request.headers.get(SESSION_ID_HEADER);
  const requesterId = request.headers.get('x-requester-id');
  return {
    event: 'platform.request',
    method: request.method,
    endpoint,
    status,
    // Only what the app's own ids look like reaches the logs, never whatever a header held.
    requesterId: isSessionId(requesterId) ? requesterId : null,
    sessionId: isSessionId(sessionId) ? sessionId : null,
    providersVersions: providers === 'invalid' ? null : sentVersions,
    providers,
  };
}
