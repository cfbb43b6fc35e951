import type { endpoints } from '../../../contract/endpoints';
import type { Handlers } from '../router';
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
import { unsubscribe } from './unsubscribe';

export const accountHandlers: Handlers<typeof endpoints.account> = {
  signUp: signUp,
  sendSignInLink: sendSignInLink,
  signIn: signInWithLink,
  linkInfo: linkInfo,
  refreshToken: refreshToken,
  logout: logout,
  session: currentUser,
  sessions: listSessions,
  revokeOtherSessions: revokeOtherSessions,
  revokeAllSessions: revokeAllSessions,
  user: currentUser,
  emailCheck: emailCheck,
  phoneValidation: phoneValidation,
  updateInfo: updateInfo,
  removeVehicle: removeVehicle,
  updateCrmTier: updateCrmTier,
  updateTexts: updateTexts,
  sendMobileCode: sendMobileCode,
  confirmMobile: confirmMobile,
  referralLink: referralLink,
  unsubscribe: unsubscribe,
};
