import { describeSession, type UserRow } from '../auth';
import type { PlatformEnv } from '../env';
import { issueFreezeLink } from '../records/freeze-links';
import { greeting, sendEmail } from '../outbox';

/**
 * What the account's own address is told, whichever session acted (docs/decisions/031): every change
 * of a contact detail, every new device, and every time devices are signed out. A stolen session
 * can change where the texts go or stop them; the address hears of it at once, with a link that
 * freezes every payout of the account and signs it out everywhere.
 */

/** '07••• •••456': enough of a number for its owner to know it, not enough for anyone else. */
export function maskPhone(e164: string): string {
  const national = e164.startsWith('+44') ? `0${e164.slice(3)}` : e164;
  return `${national.slice(0, 2)}••• •••${national.slice(-3)}`;
}

const FREEZE_LINE = 'Not you? Freeze my payouts and sign out everywhere';

async function accountNotice(env: PlatformEnv, user: UserRow, reason: string, subject: string, paragraphs: string[]): Promise<void> {
  const freeze = await issueFreezeLink(env, { userId: user.id, enquiryId: null }, reason);
  await sendEmail(
    env,
    user.email,
    subject,
    [greeting(user.first_name), ...paragraphs, `${FREEZE_LINE}: ${freeze.url}`].join('\n\n'),
    freeze.url,
  );
  await freeze.sent();
}

/** A contact detail changed: `changes` says what, each as a clause ("texts about your sale are stopped"). */
export async function emailContactChange(env: PlatformEnv, user: UserRow, sessionId: string, changes: string[]): Promise<void> {
  if (!changes.length) return;
  const device = await describeSession(env, sessionId);
  await accountNotice(env, user, 'contact_changed', 'A change to your Kerbside account', [
    `Your Kerbside account was changed from a signed-in device (${device}):`,
    changes.map((change) => `- ${change.charAt(0).toUpperCase()}${change.slice(1)}.`).join('\n'),
  ]);
}

/** A sign-in from a device the account has not used before. */
export async function emailNewDevice(env: PlatformEnv, user: UserRow, sessionId: string): Promise<void> {
  const device = await describeSession(env, sessionId);
  await accountNotice(env, user, 'new_device', 'A new sign-in to your Kerbside account', [
    `Your Kerbside account was signed in on a new device: ${device}.`,
    'If that was you, there is nothing to do.',
  ]);
}

/** Devices were signed out: every other one (`others`), every one (`all`), or one whose sign-in was copied (`copied`). */
export async function emailSessionsEnded(
  env: PlatformEnv,
  user: UserRow,
  sessionId: string,
  which: 'others' | 'all' | 'copied',
): Promise<void> {
  const device = await describeSession(env, sessionId);
  const words = {
    others: [`All your other devices were signed out of Kerbside, from ${device}.`],
    all: [`Your Kerbside account was signed out everywhere, from ${device}.`],
    copied: [
      `We signed out one of your devices (${device}): its sign-in was used from two places at once, which happens when someone has a copy of it.`,
      'Sign in again with a link sent to this address.',
    ],
  }[which];
  await accountNotice(env, user, `sessions_${which}`, 'Devices signed out of your Kerbside account', words);
}
