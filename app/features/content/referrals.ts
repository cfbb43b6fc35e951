/** A referral code as the platform makes them (platform/src/account/referrals.ts): 8 characters, no look-alikes. */
export const REFERRAL_CODE = /^[A-HJKMNP-Z2-9]{8}$/;

/** The page a seller's friends land on: the refer landing page, carrying the code. */
export function referralLink(origin: string, code: string): string {
  return `${origin}/sell-my-car/refer?ref=${encodeURIComponent(code)}`;
}

/** The code of a landing address, if it carries a well-formed one (anything else is ignored). */
export function referralCodeOf(url: URL): string | null {
  const code = url.searchParams.get('ref')?.trim().toUpperCase() ?? '';
  return REFERRAL_CODE.test(code) ? code : null;
}
