import type { endpoints } from '../../../contract/endpoints';
import type { Handlers } from '../router';
import { motCheck, motConfirm, motNotifications } from './mot-check';

export const motHandlers: Handlers<typeof endpoints.mot> = {
  check: motCheck,
  requestReminders: motNotifications,
  confirmReminders: motConfirm,
};
