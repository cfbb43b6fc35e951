import type { endpoints } from '../../../contract/endpoints';
import type { Handlers } from '../http';
import {
  currentUser,
  emailCheck,
  logout,
  phoneValidation,
  refreshToken,
  removeVehicle,
  sendSignInLink,
  signUp,
  updateCrmTier,
  updateTexts,
  updateInfo,
} from './accounts';
import { referralLink } from './referrals';
import { listSessions, revokeAllSessions, revokeOtherSessions } from './sessions';
import { confirmMobile, sendMobileCode } from './mobile';
import { linkInfo, signInWithLink } from './sign-in-links';
import { unsubscribe } from '../unsubscribe';

export const accountHandlers: Handlers<typeof endpoints.account> = {
  signUp,
  sendSignInLink,
  signIn: signInWithLink,
  linkInfo,
  refreshToken,
  logout,
  session: currentUser,
  sessions: listSessions,
  revokeOtherSessions,
  revokeAllSessions,
  user: currentUser,
  emailCheck,
  phoneValidation,
  updateInfo,
  removeVehicle,
  updateCrmTier,
  updateTexts,
  sendMobileCode,
  confirmMobile,
  referralLink,
  unsubscribe,
};
