import type { endpoints } from '../../../contract/endpoints';
import { legacy, type Handlers } from '../router';
import { motCheck, motConfirm, motNotifications } from './mot-check';

export const motHandlers: Handlers<typeof endpoints.mot> = {
  check: legacy(motCheck),
  requestReminders: legacy(motNotifications),
  confirmReminders: legacy(motConfirm),
};
