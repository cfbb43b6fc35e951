import type { endpoints } from '../../../contract/endpoints';
import { legacy, type Handlers } from '../router';
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
  signUp: legacy(signUp),
  sendSignInLink: legacy(sendSignInLink),
  signIn: legacy(signInWithLink),
  linkInfo: legacy(linkInfo),
  refreshToken: legacy(refreshToken),
  logout: legacy(logout),
  session: legacy(currentUser),
  sessions: legacy(listSessions),
  revokeOtherSessions: legacy(revokeOtherSessions),
  revokeAllSessions: legacy(revokeAllSessions),
  user: legacy(currentUser),
  emailCheck: legacy(emailCheck),
  phoneValidation: legacy(phoneValidation),
  updateInfo: legacy(updateInfo),
  removeVehicle: legacy(removeVehicle),
  updateCrmTier: legacy(updateCrmTier),
  updateTexts: legacy(updateTexts),
  sendMobileCode: legacy(sendMobileCode),
  confirmMobile: legacy(confirmMobile),
  referralLink: legacy(referralLink),
  unsubscribe: legacy(unsubscribe),
};
