import type { endpoints } from '../../../contract/endpoints';
import type { Handlers } from '../router';
import { resolveShortLink } from './short-links';
import { smsReply } from './sms-replies';

/** What the seller is told and how they come back from it (docs/notifications.md). */
export const notifyHandlers: Handlers<typeof endpoints.notify> = {
  shortLink: resolveShortLink,
  smsReply: smsReply,
};
