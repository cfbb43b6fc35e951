/**
 * Campaign capture (docs/behaviour/states.md): the parameters a seller arrived with, kept so that sign-up and the
 * enquiry can say which campaign brought them. Pure: the server applies it to the session.
 */
export const CAMPAIGN_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'dclid',
  'msclkid',
] as const;
export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number];
/** A changed campaign within this long of the last new session is the same visit (docs/behaviour/constants.md#shell-constants). */
export const NEW_SESSION_GAP_MS = 5_000;
const MAX_VALUE_LENGTH = 200;

export interface CampaignState {
  params: Partial<Record<CampaignParam, string>>;
  /** When the last new-session event was recorded (ms since the epoch). */
  at: number;
}

/** The campaign parameters of a URL (names matched without case: ads send DCLID and MSCLKID). */
export function campaignFrom(search: URLSearchParams): CampaignState['params'] | null {
  const params: CampaignState['params'] = {};
  for (const [name, value] of search) {
    const key = name.toLowerCase() as CampaignParam;
    const clean = value.trim().slice(0, MAX_VALUE_LENGTH);
    if ((CAMPAIGN_PARAMS as readonly string[]).includes(key) && clean) params[key] = clean;
  }
  return Object.keys(params).length ? params : null;
}

function same(a: CampaignState['params'], b: CampaignState['params']): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<CampaignParam>;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * The campaign after a visit to `search`: unchanged when the URL has no campaign or the same one;
 * otherwise the new parameters, and a new session when the last one is more than 5 s old.
 */
export function nextCampaign(
  previous: CampaignState | undefined,
  search: URLSearchParams,
  now: number,
): { state: CampaignState; newSession: boolean } | null {
  const params = campaignFrom(search);
  if (!params || (previous && same(previous.params, params))) return null;
  const newSession = !previous || now - previous.at > NEW_SESSION_GAP_MS;
  return { state: { params, at: newSession ? now : previous!.at }, newSession };
}
