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
import { z } from 'zod';
import { endpointTable, get, legacyGet, legacyPost, post } from './endpoint';
import type { FinanceStatus } from './finance';
import type { HealthResponse } from './gateway';
import type { LookupResponse } from './lookup';
import type { MarketplaceEligibility, PartnerId } from './marketplace';
import type { MotCheck, MotReminderConfirmed, MotReminderResponse } from './mot';
import { CONTACT_MESSAGES } from './contact-rules';
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
import type { Tracker, TrackerListResponse, TrackerOutcomeCode, TrackResponse } from './trackers';
import type { UlezCheckResponse } from './ulez';
import {
  MAX_MILEAGE,
  type CreateEnquiryResponse,
  type LookupErrorCode,
  type MakeSummary,
  type MotHistory,
  type PremiumOffer,
  type SimilarSoldVehicles,
  type Valuation,
  type Vehicle,
  type VehicleInsights,
} from './vehicles';

/**
 * Every platform endpoint, once: method, path, what it takes, what it answers, which statuses are
 * outcomes the seller's page shows, and its timeout class. Grouped by the app's feature wings. The
 * platform registers one handler per entry (platform/src/index.ts refuses a table it does not
 * cover), and the app calls them only through its gateway client, which returns the answer or a
 * PlatformFailure.
 */

/**
 * What the lookup answers instead of a vehicle, each with a {code} the hero's panels show
 * (docs/behaviour/entry.md#lookup-errors): a registration that cannot be asked about, the
 * sandbox's provider failures, a slow register, the account's vehicles, and its rate limit.
 */
const LOOKUP_OUTCOMES = {
  400: ['bad_request', 'invalid_vrm'],
  404: ['vehicle_lookup_failed'],
  409: ['exceeded', 'vehicle_already_added'],
  429: ['too_many_requests'],
  500: ['vehicle_generation_failure'],
  503: ['not_available', 'compliance_service_error'],
  504: ['vehicle_generation_failure'],
} as const satisfies { [status: number]: readonly LookupErrorCode[] };
/**
 * What the registration tools answer instead of their result (platform/src/tools.ts): the lookup's
 * codes for a registration that cannot be asked about, the sandbox's provider failures, a slow
 * provider, and their rate limit.
 */
export const TOOL_OUTCOMES = {
  400: ['invalid_vrm', 'bad_request'],
  404: ['vehicle_lookup_failed'],
  409: ['exceeded'],
  429: ['too_many_requests'],
  500: ['vehicle_generation_failure'],
  503: ['not_available', 'compliance_service_error'],
  504: ['vehicle_generation_failure'],
} as const;
export type ToolOutcomes = typeof TOOL_OUTCOMES;
/**
 * What the tracker's calls answer instead of the car (platform/src/tracker/trackers.ts): the
 * lookup's codes and its limit, and the tracker's own (docs/trackers.md). A registration the
 * register lacks is the tracker's not-found, even for the sandbox's not-found registration.
 */
const TRACKER_OUTCOMES = {
  400: ['bad_request', 'invalid_vrm'],
  404: ['vrm_not_found_after_refetch'],
  409: ['vehicle_already_added', 'exceeded'],
  429: ['too_many_requests'],
  500: ['vehicle_generation_failure'],
  503: ['not_available', 'compliance_service_error'],
} as const satisfies { [status: number]: readonly TrackerOutcomeCode[] };
/** What a development endpoint answers in production, where it is not there. */
const DEV_OUTCOMES = { 404: ['not_found'] } as const;

/**
 * A registration as a tool or the lookup takes it: the platform normalises and checks it (a 400
 * `invalid_vrm` in the handler's words); the schema refuses only what is no registration at all.
 */
const Vrm = z.string({ message: 'vrm is required' }).max(20, 'Not a UK registration mark');
const MILEAGE_MESSAGE = 'mileage must be a whole number of miles';
/** A mileage as the seller gave it: a whole number of miles the odometer can show. */
const Mileage = z
  .number({ required_error: MILEAGE_MESSAGE, invalid_type_error: MILEAGE_MESSAGE })
  .int(MILEAGE_MESSAGE)
  .min(0, MILEAGE_MESSAGE)
  .max(MAX_MILEAGE, MILEAGE_MESSAGE);
/**
 * A number the query string carries: the app sends a number, the router hands on its text, and
 * the handler reads it with its own default and range and refuses it in its own words.
 */
const QueryNumber = z.union([z.string(), z.number()]);
/**
 * A value the handler checks itself, where it answers a wrong one with its own code and words (the
 * lookup's `bad_request`, an analytics batch refused event by event) or drops it rather than refuse
 * the call (an enquiry's campaign): the router passes it on as sent, and the app's calls are held
 * to `T` by the type alone.
 */
const checkedByHandler = <T>() => z.unknown() as unknown as z.ZodType<unknown, z.ZodTypeDef, T>;
/** A make as the register's slugs name it (`land-rover`). */
const MakeSlug = z
  .string({ required_error: 'makeSlug must be a make slug, e.g. land-rover' })
  .regex(/^[a-z0-9-]{1,40}$/, 'makeSlug must be a make slug, e.g. land-rover');
const SMS_REPLY_MESSAGE = 'A reply needs the UK mobile it came from and its text';
const CLOCK_CHANGE_MESSAGE = 'Send {"at": ISO-8601 instant} or {"advanceMs": whole number}';

export const endpoints = endpointTable({
  /** The registration lookup, the mileage step and the valuation. */
  entry: {
    lookup: post<LookupResponse>()('/platform/vehicles/lookup', {
      auth: 'caller',
      body: z.object({ vrm: checkedByHandler<string>(), mode: z.enum(['value', 'add']).optional() }),
      outcomes: LOOKUP_OUTCOMES,
    }),
    // The register's own failures (the sandbox's 5xx registrations) are answered as failures, not
    // outcomes: the vehicle page shows its outage for them and "not found" for the outcomes.
    vehicle: get<Vehicle>()('/platform/vehicles/:vrm', { auth: 'none', outcomes: { 400: ['invalid_vrm'], 404: ['vehicle_not_found'] } }),
    motHistory: get<MotHistory>()('/platform/vehicles/:vrm/mot-history', {
      auth: 'none',
      outcomes: { 400: ['invalid_vrm'], 404: ['vehicle_not_found'] },
    }),
    createEnquiry: post<CreateEnquiryResponse>()('/platform/create-enquiry', {
      auth: 'caller',
      query: z.object({ vrm: Vrm }),
      body: z.object({ mileage: Mileage, campaign: checkedByHandler<Record<string, string>>().optional() }),
      outcomes: { 400: ['invalid_vrm'], 401: ['unauthorised'], 404: ['vehicle_not_found'] },
    }),
    valuate: post<Valuation>()('/platform/valuate', {
      auth: 'none',
      body: z.object({ vrm: Vrm, mileage: Mileage }),
      outcomes: { 400: ['invalid_vrm'], 404: ['vehicle_not_found'] },
    }),
    eligibility: get<MarketplaceEligibility>()('/platform/marketplace/check-eligibility/vehicle-status', {
      auth: 'none',
      // A mileage that is no number gives way to the last MOT reading.
      query: z.object({ vrm: Vrm, mileage: QueryNumber.optional() }),
      outcomes: { 400: ['invalid_vrm'], 404: ['vehicle_not_found'] },
    }),
    premiumOffer: get<PremiumOffer>()('/platform/premium-offer', {
      auth: 'caller',
      query: z.object({ valuation_ref: QueryNumber, vrm: Vrm }),
      outcomes: { 400: ['bad_request'], 404: ['enquiry_not_found', 'not_eligible'] },
      timeout: 'long',
    }),
    /** The sales record's evidence beside a valuation (docs/behaviour/entry.md#the-sales-record). */
    similarSold: post<SimilarSoldVehicles>()('/platform/premium-v3/enquiries/similarSoldVehicles', {
      auth: 'none',
      body: z.object({ vrm: Vrm, mileage: Mileage }),
      outcomes: { 400: ['invalid_vrm'], 404: ['vehicle_not_found'] },
    }),
    insights: get<VehicleInsights>()('/platform/vehicles/vehicles/:id/insights', {
      auth: 'none',
      outcomes: { 400: ['bad_request'], 404: ['vehicle_not_found'] },
    }),
  },

  /** Signing up and in, sessions, the seller's account and contact preferences. */
  account: {
    signUp: legacyPost<SignUpRequest, AuthResponse | SignUpLinkSent>()('/platform/api/authn/signup'),
    sendSignInLink: legacyPost<SignInLinkRequest, { sent: true }>()('/platform/seller/generateOneTimeToken', { outcomes: [429] }),
    signIn: legacyPost<{ token: string; browserKey?: string; adopt?: boolean; referralCode?: string }, AuthResponse>()(
      '/platform/api/authn/signin',
      {
        outcomes: [400, 410],
      },
    ),
    linkInfo: legacyPost<{ token: string; browserKey?: string }, LinkInfoResponse>()('/platform/api/authn/link-info'),
    refreshToken: legacyPost<{ refreshToken: string }, RefreshResponse>()('/platform/api/authn/refreshtoken'),
    logout: legacyGet<null>()('/platform/api/logout'),
    session: legacyGet<User>()('/platform/api/session'),
    sessions: legacyGet<SessionListResponse>()('/platform/api/sessions'),
    revokeOtherSessions: legacyPost<never, RevokeOthersResponse>()('/platform/api/sessions/revoke-others'),
    /** "Sign out everywhere, including here": the one way to end a copy of this very session. */
    revokeAllSessions: legacyPost<never, RevokeOthersResponse>()('/platform/api/sessions/revoke-all'),
    user: legacyGet<User, { include?: 'tracker' }>()('/platform/user'),
    emailCheck: legacyPost<{ email: string }, EmailCheckResponse>()('/platform/email-check'),
    phoneValidation: legacyGet<PhoneValidationResponse, { mobileOnly?: 'true' }>()('/platform/api/phone-number-validation/:number'),
    updateInfo: legacyPost<{ name?: string; phone?: string; postcode?: string }, User>()('/platform/update-info'),
    removeVehicle: legacyPost<{ vehicleId: number }, null>()('/platform/remove-vehicle'),
    updateCrmTier: legacyPost<{ tier: CrmTier }, User>()('/platform/v3/customers/update-crm-tier'),
    updateTexts: legacyPost<{ texts: boolean }, User>()('/platform/v3/customers/texts'),
    /** A new code texted to the mobile waiting for one (docs/decisions/031). */
    sendMobileCode: legacyPost<never, MobileCodeSent>()('/platform/v3/customers/mobile/code', { outcomes: [409] }),
    confirmMobile: legacyPost<{ code: string }, User>()('/platform/v3/customers/mobile/confirm', { outcomes: [400, 409, 410, 429] }),
    referralLink: legacyPost<never, ReferralLinkResponse>()('/platform/referrals/link'),
    unsubscribe: legacyPost<{ code: string }, { unsubscribed: UnsubscribedChannel }>()('/platform/v3/customers/unsubscribe', {
      outcomes: [400, 404, 410],
    }),
  },

  /** The vehicle's profile, the daily sale and every step after it, up to payment. */
  sale: {
    current: legacyGet<CurrentEnquiry, { vrm: string }>()('/platform/premium-v3/enquiries/current', { outcomes: [401, 404] }),
    updateProfile: legacyPost<Record<string, unknown> & { step: string }, { profile: VehicleProfile }>()(
      '/platform/premium-v3/enquiries/:id/vehicleDetails/update',
    ),
    update: legacyPost<{ action: 'enter-sale' | 'relist' }, CurrentEnquiry>()('/platform/premium-v3/enquiries/:id/update'),
    confirm: legacyPost<never, CurrentEnquiry>()('/platform/premium-v3/enquiries/:id/confirm'),
    acceptOffer: legacyPost<{ enquiryId: number }, CurrentEnquiry>()('/platform/premium/bids/accept-offer'),
    declineOffer: legacyPost<{ enquiryId: number }, CurrentEnquiry>()('/platform/premium/bids/decline-offer'),
    photos: legacyGet<PhotosState, { enquiryId: number }>()('/platform/premium/photos'),
    uploadPhoto: legacyPost<FormData, { photo: VehiclePhoto }>()('/platform/premium/photos'),
    photoFile: legacyGet<string, { enquiryId: number }>()('/platform/premium/photos/:slot/file'),
    status: legacyGet<SaleStatus>()('/platform/post-sale/enquiries/:id/sale-status'),
    collectionAvailability: legacyGet<CollectionAvailability, { enquiryId: number }>()('/platform/collection-preferences/availability'),
    // Before `address`: the router takes the first path that matches.
    addressSuggestions: legacyGet<AddressSuggestions, { input: string }>()('/platform/location/address/suggestions'),
    address: legacyGet<{ id: string; text: string }>()('/platform/location/address/:id'),
    bookCollection: legacyPost<CollectionBooking, CollectionBooked>()('/platform/seller-preferences/:id'),
    documents: legacyGet<DocumentsState, { enquiryId: number }>()('/platform/vehicle/documents/state'),
    uploadDocument: legacyPost<FormData, { document: UploadedDocument }>()('/platform/vehicle/documents/upload'),
    checkSharpness: legacyPost<FormData, SharpnessResult>()('/platform/vehicle/documents/checkSharpness'),
    deleteDocument: legacyPost<{ enquiryId: number; documentId: string }, { deleted: { id: string; deletedAt: string } }>()(
      '/platform/vehicle/documents/delete',
    ),
    submitDocuments: legacyPost<{ enquiryId: number }, DocumentsState>()('/platform/vehicle/documents/review/markAsSubmitted'),
    documentFile: legacyGet<string, { enquiryId: number }>()('/platform/vehicle/documents/:id/file'),
    beneficiary: legacyGet<BeneficiaryResponse>()('/platform/payments/beneficiaries/:enquiryId', { timeout: 'payments' }),
    updateBeneficiary: legacyPost<BankDetailsInput & { enquiryId: number }, BeneficiaryResponse | PayeeChangePending>()(
      '/platform/payments/beneficiaries/update',
      { timeout: 'payments' },
    ),
    confirmBeneficiary: legacyPost<{ enquiryId: number }, BeneficiaryResponse>()('/platform/payments/beneficiaries/confirmation', {
      timeout: 'payments',
    }),
    confirmPayeeChange: legacyPost<{ enquiryId: number; code: string }, BeneficiaryResponse>()(
      '/platform/payments/beneficiaries/confirm-change',
      {
        outcomes: [400, 410],
        timeout: 'payments',
      },
    ),
    /** "Cancel it and freeze my payout" on the seller's own page: ends a waiting change and holds the payout. */
    cancelPayeeChange: legacyPost<{ enquiryId: number }, BeneficiaryResponse>()('/platform/payments/beneficiaries/cancel-change', {
      timeout: 'payments',
    }),
    freezePayout: legacyPost<{ token: string }, { frozen: true; frozenAt: string }>()('/platform/payments/freeze', {
      outcomes: [400],
      timeout: 'payments',
    }),
    paymentStatuses: legacyGet<PaymentStatusesResponse, { enquiryId: number }>()('/platform/payments/payments/statuses', {
      timeout: 'payments',
    }),
    financeStatus: legacyGet<FinanceStatus, { enquiryId: number }>()('/platform/payments/finance-status', { timeout: 'payments' }),
    declareFunds: legacyPost<{ enquiryId: number }, FinanceStatus>()('/platform/payments/finance-funds/declare', { timeout: 'payments' }),
    checkoutOffer: legacyPost<{ enquiryId: number; buyer: PartnerId }, { buyer: PartnerId; buyerId: string; redirectUrl: string }>()(
      '/platform/checkout-offer',
    ),
    /** Paid when a referred friend's sale completes, so it lives with the sale (platform/src/sale/referral-rewards.ts). */
    referralRewards: legacyGet<ReferralRewardsResponse>()('/platform/referrals/rewards'),
  },

  ulez: {
    check: post<UlezCheckResponse>()('/platform/v3/ulez/check', { auth: 'none', body: z.object({ vrm: Vrm }), outcomes: TOOL_OUTCOMES }),
  },

  mot: {
    check: get<MotCheck>()('/platform/vehicle-checker/:vrm/mot/checker/:view', {
      auth: 'none',
      // A view other than the history is no checker of ours.
      outcomes: { ...TOOL_OUTCOMES, 404: ['vehicle_lookup_failed', 'not_found'] },
    }),
    // The form's outcomes only: a limit reached (429), a registration gone from the register (404)
    // and a failing provider (5xx) are answered as failures, which the form shows as such.
    requestReminders: post<MotReminderResponse>()('/platform/vehicle-checker/:vrm/mot/notifications', {
      auth: 'none',
      body: z.object({
        email: z.string({ required_error: CONTACT_MESSAGES.email, invalid_type_error: CONTACT_MESSAGES.email }),
        mobile: z.string({ invalid_type_error: CONTACT_MESSAGES.phone }).optional(),
      }),
      outcomes: { 400: ['invalid', 'invalid_vrm', 'bad_request'], 409: ['mot_exempt', 'mot_expired', 'exceeded'] },
    }),
    // A limit reached (429) is a failure, not a link that stopped working.
    confirmReminders: post<MotReminderConfirmed>()('/platform/vehicle-checker/:vrm/mot/notifications/confirm', {
      auth: 'none',
      body: z.object({ token: z.string() }),
      outcomes: { 404: ['confirmation_invalid'], 410: ['confirmation_expired'] },
    }),
  },

  tax: {
    check: get<VehicleTaxResponse>()('/platform/vehicle-checker/tax/:vrm', { auth: 'none', outcomes: TOOL_OUTCOMES }),
  },

  tracker: {
    track: post<TrackResponse>()('/platform/v3/trackers/track', {
      auth: 'caller',
      body: z.object({ vrm: Vrm }),
      outcomes: TRACKER_OUTCOMES,
    }),
    add: post<Tracker>()('/platform/v3/trackers', {
      auth: 'caller',
      body: z.object({ vrm: Vrm, mileage: Mileage }),
      outcomes: { ...TRACKER_OUTCOMES, 502: ['vehicle_pricing_failed'] },
    }),
    list: get<TrackerListResponse>()('/platform/v3/trackers/list', { auth: 'customer', query: z.object({ vrm: Vrm.optional() }) }),
    remove: post<null>()('/platform/v3/trackers/remove', {
      auth: 'customer',
      body: z.object({ vrm: Vrm }),
      outcomes: { 404: ['unable_to_add'] },
    }),
  },

  /** What every page's frame shows or sends: reviews, recent sales, dealers, analytics, the chat, generated images. */
  shell: {
    health: get<HealthResponse>()('/api/health', { auth: 'none' }),
    // The limits and offsets are read by the handlers, which hold them to their ranges in their own words.
    reviews: get<ReviewsResponse>()('/platform/reviews', {
      auth: 'none',
      query: z.object({ limit: QueryNumber.optional(), offset: QueryNumber.optional() }),
      outcomes: { 400: ['bad_request'] },
    }),
    makes: get<{ makes: MakeSummary[] }>()('/platform/makes', { auth: 'none' }),
    recentSales: get<RecentSalesResponse>()('/platform/recent-sales', {
      auth: 'none',
      query: z.object({ make: z.string().optional(), areas: z.string().optional(), limit: QueryNumber.optional() }),
      outcomes: { 400: ['bad_request'] },
    }),
    featuredDealers: get<DealerLogosResponse>()('/platform/dealers/featured', {
      auth: 'none',
      query: z.object({ limit: QueryNumber.optional(), areas: z.string().optional() }),
      outcomes: { 400: ['bad_request'] },
    }),
    dealerInterest: get<DealerInterestCounts>()('/platform/bidding/bids/dealer-interest-counts', {
      auth: 'none',
      query: z.object({ makeSlug: MakeSlug }),
    }),
    vehicleImage: get<string>()('/platform/images/vehicles/:file', { auth: 'none', outcomes: { 404: ['not_found'] } }),
    dealerLogo: get<string>()('/platform/images/dealers/:file', { auth: 'none', outcomes: { 404: ['not_found'] } }),
    // Anyone: a seller whose token just lapsed still counts, as anonymous (the handler asks who it is).
    events: post<AnalyticsEventsResponse>()('/platform/events', {
      auth: 'none',
      body: checkedByHandler<AnalyticsEventsRequest>(),
      outcomes: { 400: ['bad_request'], 429: ['too_many_requests'] },
    }),
    chatLogin: get<ChatLoginResponse>()('/platform/virtual-assistant/auth', { auth: 'customer' }),
    chatWidget: get<string>()('/platform/chat/widget.js', { auth: 'none' }),
    affiliate: post<{ affiliate: string }>()('/platform/api/affiliates', {
      auth: 'caller',
      body: z.object({ affiliate: z.string({ message: 'No such affiliate' }) }),
      outcomes: { 400: ['unknown_affiliate'], 401: ['unauthorised'] },
    }),
  },

  /** What the seller is told, and how they come back from it: the short links in texts (docs/notifications.md). */
  notify: {
    shortLink: get<ShortLinkTarget>()('/platform/s/:code', { auth: 'none', outcomes: { 404: ['not_found'], 410: ['expired'] } }),
    /** A reply to one of our texts, as the SMS provider hands it on: STOP stops texts at once. */
    smsReply: post<{ stopped: boolean }>()('/platform/notify/sms-replies', {
      auth: 'none',
      body: z.object({ from: z.string({ message: SMS_REPLY_MESSAGE }), text: z.string({ message: SMS_REPLY_MESSAGE }) }),
      outcomes: { 400: ['bad_request'] },
    }),
  },

  /** Development and test only: the platform refuses them in production. */
  dev: {
    outbox: get<{ emails: OutboxEmail[]; deadLetters: DeadLetter[] }>()('/platform/dev/outbox', {
      auth: 'none',
      query: z.object({ to: z.string().optional() }),
      outcomes: DEV_OUTCOMES,
    }),
    events: get<{ events: StoredAnalyticsEvent[] }>()('/platform/dev/events', {
      auth: 'none',
      query: z.object({ requesterId: z.string().optional() }),
      outcomes: DEV_OUTCOMES,
    }),
    clock: get<ClockState>()('/platform/dev/clock', { auth: 'none', outcomes: DEV_OUTCOMES }),
    moveClock: post<ClockState>()('/platform/dev/clock', {
      auth: 'none',
      body: z.union([z.object({ at: z.string() }), z.object({ advanceMs: z.number() })], {
        errorMap: () => ({ message: CLOCK_CHANGE_MESSAGE }),
      }),
      outcomes: { ...DEV_OUTCOMES, 400: ['bad_request'] },
    }),
    runScheduled: post<{ notifications: unknown; motReminders: unknown; trackerRevaluations: unknown }>()('/platform/dev/scheduled', {
      auth: 'none',
      body: z.object({ at: z.string().optional() }),
      outcomes: { ...DEV_OUTCOMES, 400: ['invalid_date'] },
    }),
    revalueTrackers: post<{ revalued: number; emailed: number }>()('/platform/dev/trackers/revalue', {
      auth: 'none',
      // A `now` that is not a date is the platform's own now.
      body: z.object({ now: z.string().optional() }),
      outcomes: DEV_OUTCOMES,
    }),
    // The sale's development switches, still read by their handlers (platform/src/sale/).
    collect: legacyPost<never, unknown>()('/platform/dev/enquiries/:id/collect'),
    fundsReceived: legacyPost<never, unknown>()('/platform/dev/enquiries/:id/funds-received'),
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
