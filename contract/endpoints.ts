import type {
  AuthResponse,
  CrmTier,
  EmailCheckResponse,
  LinkInfoResponse,
  MobileCodeSent,
  PhoneValidationResponse,
  ReferralLinkResponse,
  ReferralRewardsResponse,
  RefreshResponse,
  SignInLinkRequest,
  SignUpLinkSent,
  SignUpRequest,
  UnsubscribedChannel,
  User,
} from './accounts';
import type { BankDetailsInput, BeneficiaryResponse, PayeeChangePending, PaymentStatusesResponse } from './bank-details';
import type { ClockState } from './clock';
import type { DocumentsState, PhotosState, SharpnessResult, UploadedDocument, VehiclePhoto } from './documents';
import { endpointTable, legacyGet as get, legacyPost as post } from './endpoint';
import type { FinanceStatus } from './finance';
import type { HealthResponse } from './gateway';
import type { LookupResponse } from './lookup';
import type { MarketplaceEligibility, PartnerId } from './marketplace';
import type { MotCheck, MotReminderConfirmed, MotReminderResponse } from './mot';
import type {
  AddressSuggestions,
  CollectionAvailability,
  CollectionBooking,
  CollectionBooked,
  CurrentEnquiry,
  SaleStatus,
  VehicleProfile,
} from './sale';
import type { RevokeOthersResponse, SessionListResponse } from './sessions';
import type { ShortLinkTarget } from './short-links';
import type {
  AnalyticsEventsRequest,
  AnalyticsEventsResponse,
  ChatLoginResponse,
  DealerInterestCounts,
  DealerLogosResponse,
  RecentSalesResponse,
  ReviewsResponse,
  StoredAnalyticsEvent,
} from './shell';
import type { VehicleTaxResponse } from './tax';
import type { AddTrackerRequest, Tracker, TrackerListResponse, TrackResponse } from './trackers';
import type { UlezCheckResponse } from './ulez';
import type {
  CreateEnquiryResponse,
  MakeSummary,
  MotHistory,
  PremiumOffer,
  SimilarSoldVehicles,
  Valuation,
  Vehicle,
  VehicleInsights,
} from './vehicles';

/**
 * Every platform endpoint, once: method, path, what it takes, what it answers, which statuses are
 * outcomes the seller's page shows, and its timeout class. Grouped by the app's feature wings. The
 * platform registers one handler per entry (platform/src/index.ts refuses a table it does not
 * cover), and the app calls them only through its gateway client, which returns the answer or a
 * PlatformFailure.
 */

/** The lookup answers every outcome with a {code} body the hero's panels show (docs/behaviour/entry.md#lookup-errors). */
const LOOKUP_OUTCOMES = [400, 404, 409, 422, 429, 500, 502, 503] as const;
/** The registration tools answer with the lookup's codes, timeouts included. */
const TOOL_OUTCOMES = [400, 404, 409, 422, 429, 500, 502, 503, 504] as const;

export const endpoints = endpointTable({
  /** The registration lookup, the mileage step and the valuation. */
  entry: {
    lookup: post<{ vrm: string; mode?: 'value' | 'add' }, LookupResponse>()('/platform/vehicles/lookup', { outcomes: LOOKUP_OUTCOMES }),
    vehicle: get<Vehicle>()('/platform/vehicles/:vrm', { outcomes: [404] }),
    motHistory: get<MotHistory>()('/platform/vehicles/:vrm/mot-history'),
    createEnquiry: post<{ mileage: number; campaign?: Record<string, string> }, CreateEnquiryResponse, { vrm: string }>()(
      '/platform/create-enquiry',
    ),
    valuate: post<{ vrm: string; mileage: number }, Valuation>()('/platform/valuate'),
    eligibility: get<MarketplaceEligibility, { vrm: string; mileage: number }>()('/platform/marketplace/check-eligibility/vehicle-status'),
    premiumOffer: get<PremiumOffer, { valuation_ref: number; vrm: string }>()('/platform/premium-offer', { timeout: 'long' }),
    /** The sales record's evidence beside a valuation (docs/behaviour/entry.md#the-sales-record). */
    similarSold: post<{ vrm: string; mileage: number }, SimilarSoldVehicles>()('/platform/premium-v3/enquiries/similarSoldVehicles', {
      outcomes: [404],
    }),
    insights: get<VehicleInsights>()('/platform/vehicles/vehicles/:id/insights', { outcomes: [404] }),
  },

  /** Signing up and in, sessions, the seller's account and contact preferences. */
  account: {
    signUp: post<SignUpRequest, AuthResponse | SignUpLinkSent>()('/platform/api/authn/signup'),
    sendSignInLink: post<SignInLinkRequest, { sent: true }>()('/platform/seller/generateOneTimeToken', { outcomes: [429] }),
    signIn: post<{ token: string; browserKey?: string; adopt?: boolean; referralCode?: string }, AuthResponse>()(
      '/platform/api/authn/signin',
      {
        outcomes: [400, 410],
      },
    ),
    linkInfo: post<{ token: string; browserKey?: string }, LinkInfoResponse>()('/platform/api/authn/link-info'),
    refreshToken: post<{ refreshToken: string }, RefreshResponse>()('/platform/api/authn/refreshtoken'),
    logout: get<null>()('/platform/api/logout'),
    session: get<User>()('/platform/api/session'),
    sessions: get<SessionListResponse>()('/platform/api/sessions'),
    revokeOtherSessions: post<never, RevokeOthersResponse>()('/platform/api/sessions/revoke-others'),
    /** "Sign out everywhere, including here": the one way to end a copy of this very session. */
    revokeAllSessions: post<never, RevokeOthersResponse>()('/platform/api/sessions/revoke-all'),
    user: get<User, { include?: 'tracker' }>()('/platform/user'),
    emailCheck: post<{ email: string }, EmailCheckResponse>()('/platform/email-check'),
    phoneValidation: get<PhoneValidationResponse, { mobileOnly?: 'true' }>()('/platform/api/phone-number-validation/:number'),
    updateInfo: post<{ name?: string; phone?: string; postcode?: string }, User>()('/platform/update-info'),
    removeVehicle: post<{ vehicleId: number }, null>()('/platform/remove-vehicle'),
    updateCrmTier: post<{ tier: CrmTier }, User>()('/platform/v3/customers/update-crm-tier'),
    updateTexts: post<{ texts: boolean }, User>()('/platform/v3/customers/texts'),
    /** A new code texted to the mobile waiting for one (docs/decisions/031). */
    sendMobileCode: post<never, MobileCodeSent>()('/platform/v3/customers/mobile/code', { outcomes: [409] }),
    confirmMobile: post<{ code: string }, User>()('/platform/v3/customers/mobile/confirm', { outcomes: [400, 409, 410, 429] }),
    referralLink: post<never, ReferralLinkResponse>()('/platform/referrals/link'),
    unsubscribe: post<{ code: string }, { unsubscribed: UnsubscribedChannel }>()('/platform/v3/customers/unsubscribe', {
      outcomes: [400, 404, 410],
    }),
  },

  /** The vehicle's profile, the daily sale and every step after it, up to payment. */
  sale: {
    current: get<CurrentEnquiry, { vrm: string }>()('/platform/premium-v3/enquiries/current', { outcomes: [401, 404] }),
    updateProfile: post<Record<string, unknown> & { step: string }, { profile: VehicleProfile }>()(
      '/platform/premium-v3/enquiries/:id/vehicleDetails/update',
    ),
    update: post<{ action: 'enter-sale' | 'relist' }, CurrentEnquiry>()('/platform/premium-v3/enquiries/:id/update'),
    confirm: post<never, CurrentEnquiry>()('/platform/premium-v3/enquiries/:id/confirm'),
    acceptOffer: post<{ enquiryId: number }, CurrentEnquiry>()('/platform/premium/bids/accept-offer'),
    declineOffer: post<{ enquiryId: number }, CurrentEnquiry>()('/platform/premium/bids/decline-offer'),
    photos: get<PhotosState, { enquiryId: number }>()('/platform/premium/photos'),
    uploadPhoto: post<FormData, { photo: VehiclePhoto }>()('/platform/premium/photos'),
    photoFile: get<string, { enquiryId: number }>()('/platform/premium/photos/:slot/file'),
    status: get<SaleStatus>()('/platform/post-sale/enquiries/:id/sale-status'),
    collectionAvailability: get<CollectionAvailability, { enquiryId: number }>()('/platform/collection-preferences/availability'),
    // Before `address`: the router takes the first path that matches.
    addressSuggestions: get<AddressSuggestions, { input: string }>()('/platform/location/address/suggestions'),
    address: get<{ id: string; text: string }>()('/platform/location/address/:id'),
    bookCollection: post<CollectionBooking, CollectionBooked>()('/platform/seller-preferences/:id'),
    documents: get<DocumentsState, { enquiryId: number }>()('/platform/vehicle/documents/state'),
    uploadDocument: post<FormData, { document: UploadedDocument }>()('/platform/vehicle/documents/upload'),
    checkSharpness: post<FormData, SharpnessResult>()('/platform/vehicle/documents/checkSharpness'),
    deleteDocument: post<{ enquiryId: number; documentId: string }, { deleted: { id: string; deletedAt: string } }>()(
      '/platform/vehicle/documents/delete',
    ),
    submitDocuments: post<{ enquiryId: number }, DocumentsState>()('/platform/vehicle/documents/review/markAsSubmitted'),
    documentFile: get<string, { enquiryId: number }>()('/platform/vehicle/documents/:id/file'),
    beneficiary: get<BeneficiaryResponse>()('/platform/payments/beneficiaries/:enquiryId', { timeout: 'payments' }),
    updateBeneficiary: post<BankDetailsInput & { enquiryId: number }, BeneficiaryResponse | PayeeChangePending>()(
      '/platform/payments/beneficiaries/update',
      { timeout: 'payments' },
    ),
    confirmBeneficiary: post<{ enquiryId: number }, BeneficiaryResponse>()('/platform/payments/beneficiaries/confirmation', {
      timeout: 'payments',
    }),
    confirmPayeeChange: post<{ enquiryId: number; code: string }, BeneficiaryResponse>()(
      '/platform/payments/beneficiaries/confirm-change',
      {
        outcomes: [400, 410],
        timeout: 'payments',
      },
    ),
    /** "Cancel it and freeze my payout" on the seller's own page: ends a waiting change and holds the payout. */
    cancelPayeeChange: post<{ enquiryId: number }, BeneficiaryResponse>()('/platform/payments/beneficiaries/cancel-change', {
      timeout: 'payments',
    }),
    freezePayout: post<{ token: string }, { frozen: true; frozenAt: string }>()('/platform/payments/freeze', {
      outcomes: [400],
      timeout: 'payments',
    }),
    paymentStatuses: get<PaymentStatusesResponse, { enquiryId: number }>()('/platform/payments/payments/statuses', { timeout: 'payments' }),
    financeStatus: get<FinanceStatus, { enquiryId: number }>()('/platform/payments/finance-status', { timeout: 'payments' }),
    declareFunds: post<{ enquiryId: number }, FinanceStatus>()('/platform/payments/finance-funds/declare', { timeout: 'payments' }),
    checkoutOffer: post<{ enquiryId: number; buyer: PartnerId }, { buyer: PartnerId; buyerId: string; redirectUrl: string }>()(
      '/platform/checkout-offer',
    ),
    /** Paid when a referred friend's sale completes, so it lives with the sale (platform/src/sale/referral-rewards.ts). */
    referralRewards: get<ReferralRewardsResponse>()('/platform/referrals/rewards'),
  },

  ulez: {
    check: post<{ vrm: string }, UlezCheckResponse>()('/platform/v3/ulez/check', { outcomes: TOOL_OUTCOMES }),
  },

  mot: {
    check: get<MotCheck>()('/platform/vehicle-checker/:vrm/mot/checker/:view', { outcomes: [400, 404, 429, 500, 502, 503, 504] }),
    requestReminders: post<{ email: string; mobile?: string }, MotReminderResponse>()('/platform/vehicle-checker/:vrm/mot/notifications', {
      outcomes: [400, 409],
    }),
    confirmReminders: post<{ token: string }, MotReminderConfirmed>()('/platform/vehicle-checker/:vrm/mot/notifications/confirm', {
      outcomes: [404, 410],
    }),
  },

  tax: {
    check: get<VehicleTaxResponse>()('/platform/vehicle-checker/tax/:vrm', { outcomes: TOOL_OUTCOMES }),
  },

  tracker: {
    track: post<{ vrm: string }, TrackResponse>()('/platform/v3/trackers/track', { outcomes: LOOKUP_OUTCOMES }),
    add: post<AddTrackerRequest, Tracker>()('/platform/v3/trackers', { outcomes: LOOKUP_OUTCOMES }),
    list: get<TrackerListResponse, { vrm?: string }>()('/platform/v3/trackers/list'),
    remove: post<{ vrm: string }, null>()('/platform/v3/trackers/remove'),
  },

  /** What every page's frame shows or sends: reviews, recent sales, dealers, analytics, the chat, generated images. */
  shell: {
    health: get<HealthResponse>()('/api/health'),
    reviews: get<ReviewsResponse, { limit?: number; offset?: number }>()('/platform/reviews'),
    makes: get<{ makes: MakeSummary[] }>()('/platform/makes'),
    recentSales: get<RecentSalesResponse, { make?: string; areas?: string; limit?: number }>()('/platform/recent-sales'),
    featuredDealers: get<DealerLogosResponse, { limit?: number; areas?: string }>()('/platform/dealers/featured'),
    dealerInterest: get<DealerInterestCounts, { makeSlug: string }>()('/platform/bidding/bids/dealer-interest-counts'),
    vehicleImage: get<string>()('/platform/images/vehicles/:file'),
    dealerLogo: get<string>()('/platform/images/dealers/:file'),
    events: post<AnalyticsEventsRequest, AnalyticsEventsResponse>()('/platform/events'),
    chatLogin: get<ChatLoginResponse>()('/platform/virtual-assistant/auth'),
    chatWidget: get<string>()('/platform/chat/widget.js'),
    affiliate: post<{ affiliate: string }, { affiliate: string }>()('/platform/api/affiliates'),
  },

  /** What the seller is told, and how they come back from it: the short links in texts (docs/notifications.md). */
  notify: {
    shortLink: get<ShortLinkTarget>()('/platform/s/:code', { outcomes: [404, 410] }),
    /** A reply to one of our texts, as the SMS provider hands it on: STOP stops texts at once. */
    smsReply: post<{ from: string; text: string }, { stopped: boolean }>()('/platform/notify/sms-replies'),
  },

  /** Development and test only: the platform refuses them in production. */
  dev: {
    outbox: get<{ emails: OutboxEmail[]; deadLetters: DeadLetter[] }>()('/platform/dev/outbox'),
    events: get<{ events: StoredAnalyticsEvent[] }, { requesterId?: string }>()('/platform/dev/events'),
    clock: get<ClockState>()('/platform/dev/clock'),
    moveClock: post<{ at: string } | { advanceMs: number }, ClockState>()('/platform/dev/clock'),
    runScheduled: post<{ at?: string }, { notifications: unknown; motReminders: unknown; trackerRevaluations: unknown }>()(
      '/platform/dev/scheduled',
    ),
    revalueTrackers: post<{ now: string }, unknown>()('/platform/dev/trackers/revalue'),
    collect: post<never, unknown>()('/platform/dev/enquiries/:id/collect'),
    fundsReceived: post<never, unknown>()('/platform/dev/enquiries/:id/funds-received'),
  },
});

/** A message in the development outbox: an e-mail, or a text (`to_email` empty, `to_phone` E.164). */
export interface OutboxEmail {
  id: number;
  channel: 'email' | 'sms';
  to_email: string;
  to_phone: string | null;
  subject: string;
  body: string;
  link: string | null;
  created_at: string;
}

/** A message the notifications queue gave up on, with each channel's last error. */
export interface DeadLetter {
  id: number;
  event_key: string;
  enquiry_id: number;
  errors: string | null;
  failed_at: string;
}

export type Endpoints = typeof endpoints;
