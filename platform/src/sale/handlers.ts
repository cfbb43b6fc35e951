import type { endpoints } from '../../../contract/endpoints';
import { legacy, type Handlers } from '../router';
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
  current: legacy(currentEnquiry),
  updateProfile: legacy(updateProfile),
  update: legacy(updateEnquiry),
  confirm: legacy(confirmSale),
  acceptOffer: legacy(acceptOffer),
  declineOffer: legacy(declineOffer),
  photos: legacy(listPhotos),
  uploadPhoto: legacy(uploadPhoto),
  photoFile: legacy(photoFile),
  status: legacy(saleStatus),
  collectionAvailability: legacy(availability),
  addressSuggestions: legacy(addressSuggestions),
  address: legacy(getAddress),
  bookCollection: legacy(bookCollection),
  documents: legacy(documentsStateEndpoint),
  uploadDocument: legacy(uploadDocument),
  checkSharpness: legacy(checkSharpness),
  deleteDocument: legacy(deleteDocument),
  submitDocuments: legacy(markAsSubmitted),
  documentFile: legacy(documentFile),
  beneficiary: legacy(getBeneficiary),
  updateBeneficiary: legacy(updateBeneficiary),
  confirmBeneficiary: legacy(confirmBeneficiary),
  confirmPayeeChange: legacy(confirmPayeeChange),
  cancelPayeeChange: legacy(cancelPayeeChange),
  freezePayout: legacy(freezePayout),
  paymentStatuses: legacy(paymentStatuses),
  financeStatus: legacy(getFinanceStatus),
  declareFunds: legacy(declareFunds),
  checkoutOffer: legacy(checkoutOffer),
  referralRewards: legacy(referralRewards),
};
