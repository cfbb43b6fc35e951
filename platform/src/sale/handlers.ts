import type { endpoints } from '../../../contract/endpoints';
import type { Handlers } from '../router';
import { addressSuggestions, getAddress } from './addresses';
import { checkoutOffer } from './checkout';
import {
  checkSharpness,
  deleteDocument,
  documentFile,
  documentsStateEndpoint,
  listPhotos,
  markAsSubmitted,
  photoFile,
  uploadDocument,
  uploadPhoto,
} from './documents';
import { declareFunds, getFinanceStatus } from './finance';
import { recordFinanceConsent, requestFinanceSettlement, searchFinanceProviders } from './finance-settlement';
import {
  cancelPayeeChange,
  confirmBeneficiary,
  confirmPayeeChange,
  freezePayout,
  getBeneficiary,
  paymentStatuses,
  resolvePayeeCheck,
  updateBeneficiary,
} from './payments';
import {
  approveSaleFinalisation,
  availability,
  bookCollection,
  collectionPhoto,
  confirmationInfo,
  latestPostSaleOfferEndpoint,
  paymentCallback,
  saleStatus,
  sendFinalDealerConfirmation,
  verifications,
} from './post-sale';
import { dealerRecord, valuationAccuracy } from './published';
import { referralRewards } from './referral-rewards';
import { acceptOffer, confirmSale, currentEnquiry, declineOffer, updateEnquiry, updateProfile } from './sale';

export const saleHandlers: Handlers<typeof endpoints.sale> = {
  current: currentEnquiry,
  updateProfile: updateProfile,
  update: updateEnquiry,
  confirm: confirmSale,
  acceptOffer: acceptOffer,
  declineOffer: declineOffer,
  photos: listPhotos,
  uploadPhoto: uploadPhoto,
  photoFile: photoFile,
  status: saleStatus,
  collectionAvailability: availability,
  addressSuggestions: addressSuggestions,
  address: getAddress,
  bookCollection: bookCollection,
  verifications: verifications,
  collectionPhoto: collectionPhoto,
  latestPostSaleOffer: latestPostSaleOfferEndpoint,
  approveSaleFinalisation: approveSaleFinalisation,
  confirmationInfo: confirmationInfo,
  paymentCallback: paymentCallback,
  sendFinalDealerConfirmation: sendFinalDealerConfirmation,
  documents: documentsStateEndpoint,
  uploadDocument: uploadDocument,
  checkSharpness: checkSharpness,
  deleteDocument: deleteDocument,
  submitDocuments: markAsSubmitted,
  documentFile: documentFile,
  beneficiary: getBeneficiary,
  updateBeneficiary: updateBeneficiary,
  resolvePayeeCheck: resolvePayeeCheck,
  confirmBeneficiary: confirmBeneficiary,
  confirmPayeeChange: confirmPayeeChange,
  cancelPayeeChange: cancelPayeeChange,
  freezePayout: freezePayout,
  paymentStatuses: paymentStatuses,
  financeStatus: getFinanceStatus,
  declareFunds: declareFunds,
  financeProviders: searchFinanceProviders,
  financeConsent: recordFinanceConsent,
  financeSettlement: requestFinanceSettlement,
  checkoutOffer: checkoutOffer,
  referralRewards: referralRewards,
  dealerRecord: dealerRecord,
  valuationAccuracy: valuationAccuracy,
};
