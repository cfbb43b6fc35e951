import type { RevokeOthersResponse, SessionListResponse, SessionSummary } from '../../../contract/sessions';
import type { GatewayClient } from '../../lib/gateway.server';

/** The gateway calls of the seller's session list on /account (docs/sign-in-limits.md, "Sessions"). */

export async function listSessions(gateway: GatewayClient): Promise<SessionSummary[]> {
  return (await gateway.get<SessionListResponse>('/platform/api/sessions')).sessions;
}

/** Ends every other session of the signed-in seller; theirs stays. */
export async function signOutOtherSessions(gateway: GatewayClient): Promise<number> {
  return (await gateway.post<RevokeOthersResponse>('/platform/api/sessions/revoke-others')).revoked;
}
