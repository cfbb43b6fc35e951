import type { endpoints } from '../../../contract/endpoints';
import type { Handlers } from '../http';
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
import {
  cancelPayeeChange,
  confirmBeneficiary,
  confirmPayeeChange,
  freezePayout,
  getBeneficiary,
  paymentStatuses,
  updateBeneficiary,
} from './payments';
import { availability, bookCollection, saleStatus } from './post-sale';
import { referralRewards } from './referral-rewards';
import { acceptOffer, confirmSale, currentEnquiry, declineOffer, updateEnquiry, updateProfile } from './sale';

export const saleHandlers: Handlers<typeof endpoints.sale> = {
  current: currentEnquiry,
  updateProfile,
  update: updateEnquiry,
  confirm: confirmSale,
  acceptOffer,
  declineOffer,
  photos: listPhotos,
  uploadPhoto,
  photoFile,
  status: saleStatus,
  collectionAvailability: availability,
  addressSuggestions,
  address: getAddress,
  bookCollection,
  documents: documentsStateEndpoint,
  uploadDocument,
  checkSharpness,
  deleteDocument,
  submitDocuments: markAsSubmitted,
  documentFile,
  beneficiary: getBeneficiary,
  updateBeneficiary,
  confirmBeneficiary,
  confirmPayeeChange,
  cancelPayeeChange,
  freezePayout,
  paymentStatuses,
  financeStatus: getFinanceStatus,
  declareFunds,
  checkoutOffer,
  referralRewards,
};
