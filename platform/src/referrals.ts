/**
 * The referral code's format, where the app's test (app/features/content/referrals.test.ts) reads
 * it to check that both workers agree. The code lives in account/referrals.ts; this stays only
 * until that test imports it from there.
 */
export { newReferralCode, REFERRAL_CODE } from './account/referrals';
