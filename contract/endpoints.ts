import type {
  AuthResponse,
  EmailCheckResponse,
  LinkInfoResponse,
  MobileCodeSent,
  PhoneValidationResponse,
  ReferralLinkResponse,
  ReferralRewardsResponse,
  RefreshResponse,
  SignUpLinkSent,
  UnsubscribedChannel,
  User,
} from './accounts';
import type { BeneficiaryResponse, PayeeChangePending, PaymentStatusesResponse } from './bank-details';
import type { ClockState } from './clock';
import type { DocumentsState, PhotosState, SharpnessResult, UploadedDocument, VehiclePhoto } from './documents';
import { z } from 'zod';
import { endpointTable, get, post } from './endpoint';
import type { FinanceStatus } from './finance';
import type { FinanceConsentRecorded, LenderSearchResponse, SettlementFigure } from './finance-settlement';
import type { HealthResponse } from './gateway';
import type { LookupResponse } from './lookup';
import type { MarketplaceEligibility, PartnerId } from './marketplace';
import type { MotCheck, MotReminderConfirmed, MotReminderResponse } from './mot';
import type { DealerRecord, ValuationAccuracy } from './published-record';
import { FEATURES, ISSUE_KINDS, SERVICE_HISTORY } from './sale';
import { CONTACT_MESSAGES } from './contact-rules';
import type {
  AddressSuggestions,
  CollectionAvailability,
  CollectionBooked,
  CollectionDayView,
  ConfirmationInfo,
  CurrentEnquiry,
  IssueKind,
  PostSaleOffer,
  SaleStatus,
  SaleView,
  ServiceHistory,
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
/** Free text of at most `max` characters, trimmed; missing is empty (the handler says what it needs). */
const Text = (max: number) => z.string().max(max).trim().default('');
/** The campaign a seller came from (utm_*, gclid…): names and values the platform checks again (shell/analytics.ts). */
const Campaign = z.record(z.string().max(500)).optional();

/** An enquiry's id as the app sends it: a JSON number, or digits (a form's field, a query string's). */
const EnquiryId = z.union(
  [
    z.number().int().positive(),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ],
  {
    message: 'enquiryId is required',
  },
);
/** A call about one of the seller's enquiries, and nothing else. */
const OwnEnquiry = z.object({ enquiryId: EnquiryId });
/** A field of the bank details: what the seller typed, checked by the platform with a message per field. */
const BankField = z.string().max(200).optional();
const LINK_NOT_VALID = 'The link is not valid';

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const known = <K extends string>(table: Record<K, unknown>, value: unknown): value is K =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(table, value);
const FINANCE_MESSAGE = 'Give the lender and the settlement figure';
const KEYS_MESSAGE = 'How many keys are there?';

/**
 * One step of the vehicle profile, in the words the profile's pages show when one does not fit.
 * Lenient where the forms are (a feature the list no longer has is left out, an issue of a kind it
 * does not know is dropped, a detail is cut at 500 characters); the step's own rule otherwise.
 */
const ProfileStep = z
  .discriminatedUnion(
    'step',
    [
      z.object({
        step: z.literal('features'),
        features: z.unknown().transform((value) => (Array.isArray(value) ? value.filter((f): f is string => FEATURES.includes(f)) : [])),
        serviceHistory: z
          .unknown()
          .refine((value) => known(SERVICE_HISTORY, trimmed(value)), 'Choose the service history')
          .transform((value) => trimmed(value) as ServiceHistory),
      }),
      z.object({
        step: z.literal('finance'),
        outstanding: z.unknown().transform((value) => value === true),
        lender: z.unknown().transform(trimmed),
        settlement: z.unknown().transform(Number),
        /** A lender from the list (financeProviders), asked for the figure with the seller's consent: then no typed figure. */
        lenderId: z
          .unknown()
          .transform((value) => trimmed(value) || null)
          .optional(),
      }),
      z.object({
        step: z.literal('issues'),
        items: z.unknown().transform((value) =>
          (Array.isArray(value) ? value : [])
            .map((item) => ({
              kind: trimmed((item as { kind?: unknown } | null)?.kind),
              detail: trimmed((item as { detail?: unknown } | null)?.detail).slice(0, 500),
            }))
            .filter((item): item is { kind: IssueKind; detail: string } => known(ISSUE_KINDS, item.kind)),
        ),
      }),
      z.object({
        step: z.literal('keys'),
        keys: z.coerce.number({ message: KEYS_MESSAGE }).int(KEYS_MESSAGE).min(1, KEYS_MESSAGE).max(5, KEYS_MESSAGE),
      }),
    ],
    { errorMap: () => ({ message: 'Unknown profile step' }) },
  )
  .superRefine((step, ctx) => {
    if (step.step !== 'finance' || !step.outstanding || step.lenderId) return;
    if (!step.lender || !Number.isFinite(step.settlement) || step.settlement <= 0)
      ctx.addIssue({ code: 'custom', message: FINANCE_MESSAGE });
  });
/** What the app sends for a step: its name and the step's fields (read with ProfileStep). */
const ProfileStepBody = z
  .object({ step: z.string({ message: 'Unknown profile step' }) })
  .passthrough()
  .pipe(ProfileStep);

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
    signUp: post<AuthResponse | SignUpLinkSent>()('/platform/api/authn/signup', {
      auth: 'caller',
      body: z.object({
        name: Text(200),
        email: Text(320),
        phone: Text(40).optional(),
        postcode: Text(20).optional(),
        // Only 'tracker' goes without a mobile and postcode; any other purpose, or none, is a sale's.
        purpose: z.string().max(20).optional(),
        marketingConsent: z.boolean().optional(),
        campaign: Campaign,
        redirectTo: Text(2000).optional(),
        browserKey: Text(200).optional(),
      }),
      outcomes: { 400: ['invalid'], 429: ['too_many_attempts'] },
    }),
    sendSignInLink: post<{ sent: true }>()('/platform/seller/generateOneTimeToken', {
      auth: 'none',
      body: z.object({ email: Text(320), redirectTo: Text(2000).optional(), browserKey: Text(200).optional() }),
      outcomes: { 400: ['invalid_email'], 429: ['too_many_attempts'] },
    }),
    signIn: post<AuthResponse>()('/platform/api/authn/signin', {
      auth: 'caller',
      body: z.object({
        token: Text(200),
        browserKey: Text(200).optional(),
        adopt: z.boolean().optional(),
        referralCode: Text(20).optional(),
      }),
      outcomes: { 400: ['token_invalid'], 410: ['token_used', 'token_expired'] },
    }),
    linkInfo: post<LinkInfoResponse>()('/platform/api/authn/link-info', {
      auth: 'none',
      body: z.object({ token: Text(200), browserKey: Text(200).optional() }),
    }),
    refreshToken: post<RefreshResponse>()('/platform/api/authn/refreshtoken', {
      auth: 'none',
      body: z.object({ refreshToken: z.string().min(1, 'refreshToken is required').max(200) }),
      outcomes: { 401: ['refresh_token_expired', 'refresh_token_reused'] },
    }),
    logout: get<null>()('/platform/api/logout', { auth: 'customer' }),
    session: get<User>()('/platform/api/session', { auth: 'customer' }),
    sessions: get<SessionListResponse>()('/platform/api/sessions', { auth: 'customer' }),
    revokeOtherSessions: post<RevokeOthersResponse>()('/platform/api/sessions/revoke-others', { auth: 'customer' }),
    /** "Sign out everywhere, including here": the one way to end a copy of this very session. */
    revokeAllSessions: post<RevokeOthersResponse>()('/platform/api/sessions/revoke-all', { auth: 'customer' }),
    user: get<User>()('/platform/user', { auth: 'customer', query: z.object({ include: z.literal('tracker').optional() }) }),
    emailCheck: post<EmailCheckResponse>()('/platform/email-check', { auth: 'customer', body: z.object({ email: Text(320) }) }),
    phoneValidation: get<PhoneValidationResponse>()('/platform/api/phone-number-validation/:number', {
      auth: 'none',
      query: z.object({ mobileOnly: z.literal('true').optional() }),
    }),
    updateInfo: post<User>()('/platform/update-info', {
      auth: 'customer',
      body: z.object({ name: Text(200).optional(), phone: Text(40).optional(), postcode: Text(20).optional() }),
      outcomes: { 400: ['invalid'] },
    }),
    removeVehicle: post<null>()('/platform/remove-vehicle', {
      auth: 'customer',
      body: z.object({ vehicleId: z.coerce.number().int().positive() }),
      outcomes: { 404: ['vehicle_not_found'] },
    }),
    updateCrmTier: post<User>()('/platform/v3/customers/update-crm-tier', {
      auth: 'customer',
      body: z.object({ tier: z.enum(['marketing', 'service'], { message: 'tier is marketing or service' }) }),
    }),
    updateTexts: post<User>()('/platform/v3/customers/texts', {
      auth: 'customer',
      body: z.object({ texts: z.boolean({ message: 'texts is true or false' }) }),
    }),
    /** A new code texted to the mobile waiting for one (docs/decisions/031). */
    sendMobileCode: post<MobileCodeSent>()('/platform/v3/customers/mobile/code', {
      auth: 'customer',
      outcomes: { 409: ['nothing_to_prove'] },
    }),
    confirmMobile: post<User>()('/platform/v3/customers/mobile/confirm', {
      auth: 'customer',
      body: z.object({ code: Text(20) }),
      outcomes: { 400: ['invalid_code'], 409: ['nothing_to_prove'], 410: ['code_expired'], 429: ['too_many_tries'] },
    }),
    referralLink: post<ReferralLinkResponse>()('/platform/referrals/link', { auth: 'customer' }),
    unsubscribe: post<{ unsubscribed: UnsubscribedChannel }>()('/platform/v3/customers/unsubscribe', {
      auth: 'none',
      // Any text: a code that is not a signed link's is the outcome `invalid_code`, not a malformed call.
      body: z.object({ code: z.string().max(100_000).default('') }),
      outcomes: { 400: ['invalid_code'], 404: ['not_found'], 410: ['expired_code'] },
    }),
  },

  /** The vehicle's profile, the daily sale and every step after it, up to payment. */
  sale: {
    current: get<CurrentEnquiry>()('/platform/premium-v3/enquiries/current', {
      auth: 'customer',
      query: z.object({ vrm: Vrm }),
      // A seller not signed in (after the one refresh) or without this car has no enquiry to show:
      // the vehicle page reads both as "none", so they are outcomes here.
      outcomes: { 400: ['invalid_vrm'], 401: ['token_invalid', 'unauthorised'], 404: ['enquiry_not_found'] },
    }),
    updateProfile: post<{ profile: VehicleProfile }>()('/platform/premium-v3/enquiries/:id/vehicleDetails/update', {
      auth: 'customer',
      owns: { enquiry: 'params.id' },
      body: ProfileStepBody,
      outcomes: { 400: ['unknown_lender'], 409: ['profile_locked'] },
    }),
    update: post<CurrentEnquiry>()('/platform/premium-v3/enquiries/:id/update', {
      auth: 'customer',
      owns: { enquiry: 'params.id' },
      body: z.object({ action: z.enum(['enter-sale', 'relist'], { message: 'Unknown action' }) }),
      outcomes: { 409: ['not_eligible', 'already_in_sale', 'profile_incomplete', 'not_relistable'] },
    }),
    confirm: post<CurrentEnquiry>()('/platform/premium-v3/enquiries/:id/confirm', {
      auth: 'customer',
      owns: { enquiry: 'params.id' },
      outcomes: { 409: ['not_awaiting_confirmation'] },
    }),
    // Accepting hands the car to a dealer: only a seller whose address is proven may (ADR 014).
    acceptOffer: post<CurrentEnquiry>()('/platform/premium/bids/accept-offer', {
      auth: 'proven',
      owns: { enquiry: 'body.enquiryId' },
      body: OwnEnquiry,
      outcomes: { 409: ['no_offer', 'offer_expired'] },
    }),
    declineOffer: post<CurrentEnquiry>()('/platform/premium/bids/decline-offer', {
      auth: 'customer',
      owns: { enquiry: 'body.enquiryId' },
      body: OwnEnquiry,
      outcomes: { 409: ['no_offer', 'offer_expired'] },
    }),
    photos: get<PhotosState>()('/platform/premium/photos', { auth: 'customer', owns: { enquiry: 'query.enquiryId' }, query: OwnEnquiry }),
    uploadPhoto: post<{ photo: VehiclePhoto }>()('/platform/premium/photos', {
      auth: 'customer',
      owns: { enquiry: 'body.enquiryId' },
      body: 'multipart',
      outcomes: { 400: ['bad_request', 'invalid_file'], 413: ['file_too_large'] },
    }),
    /** The photo itself (an image, not JSON). */
    photoFile: get<string>()('/platform/premium/photos/:slot/file', {
      auth: 'customer',
      owns: { enquiry: 'query.enquiryId' },
      query: OwnEnquiry,
      outcomes: { 404: ['photo_not_found', 'file_not_found'] },
    }),
    status: get<SaleStatus>()('/platform/post-sale/enquiries/:id/sale-status', { auth: 'customer', owns: { enquiry: 'params.id' } }),
    collectionAvailability: get<CollectionAvailability>()('/platform/collection-preferences/availability', {
      auth: 'customer',
      owns: { enquiry: 'query.enquiryId' },
      query: OwnEnquiry,
    }),
    /** The handover inspection, check by check, and the revised offer (or refused attempt) it led to. */
    verifications: get<CollectionDayView>()('/platform/post-sale/enquiries/:id/verifications', {
      auth: 'customer',
      owns: { enquiry: 'params.id' },
    }),
    /** The inspector's photo of what they found (an SVG drawing in the sandbox, not JSON). */
    collectionPhoto: get<string>()('/platform/post-sale/enquiries/:id/collection-photos/:slot', {
      auth: 'customer',
      owns: { enquiry: 'params.id' },
      outcomes: { 404: ['photo_not_found'] },
    }),
    latestPostSaleOffer: get<{ offer: PostSaleOffer | null }>()('/platform/payments/postSaleOffers/latest', {
      auth: 'customer',
      owns: { enquiry: 'query.enquiryId' },
      query: OwnEnquiry,
      timeout: 'payments',
    }),
    /** The seller's answer to a revised offer: approve (paid the revised price) or decline (the car stays with them, no fee). */
    approveSaleFinalisation: post<{ sale: SaleView | null; collectionDay: CollectionDayView }>()(
      '/platform/payments/saleFinalisation/approve',
      {
        auth: 'proven',
        owns: { enquiry: 'body.enquiryId' },
        body: z.object({
          enquiryId: EnquiryId,
          offerId: z.coerce.number({ message: 'No such revised offer' }).int().positive({ message: 'No such revised offer' }),
          decision: z.enum(['approve', 'decline'], { message: 'Choose to approve or decline' }),
        }),
        outcomes: { 409: ['no_revised_offer', 'already_decided'] },
        timeout: 'payments',
      },
    ),
    /**
     * The payment provider's callback (Standard Webhooks, signed with FPS_WEBHOOK_SECRET; the
     * platform's front door checks the signature, the timestamp and the id): a payout credited or
     * returned. Applied once: a repeat changes nothing.
     */
    paymentCallback: post<{ applied: boolean }>()('/platform/payments/fps/callbacks', {
      auth: 'none',
      body: z.object({
        type: z.enum(['payment.credited', 'payment.returned'], { message: 'Unknown event' }),
        data: z.object({
          paymentId: z.string().max(64),
          at: z.string().datetime({ message: 'Not a time' }),
          reason: z.literal('account_closed').optional(),
        }),
      }),
      outcomes: { 404: ['payment_not_found'] },
      timeout: 'payments',
    }),
    confirmationInfo: get<ConfirmationInfo>()('/platform/dealership/enquiries/:id/confirmation-info', {
      auth: 'customer',
      owns: { enquiry: 'params.id' },
      query: z.object({ documentKindSet: z.enum(['required', 'all']).default('required') }),
      outcomes: { 409: ['no_dealer'] },
    }),
    /** E-mails the seller the buying dealer's final confirmation, once (a second call answers with when it went). */
    sendFinalDealerConfirmation: post<{ sentAt: string }>()('/platform/premium/vehicles/:id/send-final-dealer-confirmation-email', {
      auth: 'customer',
      owns: { enquiry: 'params.id' },
      outcomes: { 409: ['not_booked'] },
    }),
    // Before `address`: the router takes the first path that matches.
    addressSuggestions: get<AddressSuggestions>()('/platform/location/address/suggestions', {
      auth: 'none',
      query: z.object({ input: z.string().max(20).default('') }),
    }),
    address: get<{ id: string; text: string }>()('/platform/location/address/:id', {
      auth: 'none',
      outcomes: { 404: ['address_not_found'] },
    }),
    bookCollection: post<CollectionBooked>()('/platform/seller-preferences/:id', {
      auth: 'customer',
      owns: { enquiry: 'params.id' },
      // The day, time and address are checked against what is offered, in the handler's words.
      body: z.object({
        date: z.string().max(40).default(''),
        slot: z.string().max(40).default(''),
        notes: z.string().max(2_000).optional(),
        addressId: z.string().max(40).optional(),
      }),
      outcomes: { 400: ['invalid_collection'], 409: ['not_ready_for_collection'] },
    }),
    // Documents wait for a proven address (ADR 014).
    documents: get<DocumentsState>()('/platform/vehicle/documents/state', {
      auth: 'proven',
      owns: { enquiry: 'query.enquiryId' },
      query: OwnEnquiry,
    }),
    uploadDocument: post<{ document: UploadedDocument }>()('/platform/vehicle/documents/upload', {
      auth: 'proven',
      owns: { enquiry: 'body.enquiryId' },
      body: 'multipart',
      outcomes: { 400: ['bad_request', 'invalid_file'], 409: ['too_many_documents'], 413: ['file_too_large'] },
    }),
    /** Nothing is stored; `enquiryId` (in the form or the query) when the app has one, checked to be the seller's. */
    checkSharpness: post<SharpnessResult>()('/platform/vehicle/documents/checkSharpness', {
      auth: 'customer',
      body: 'multipart',
      outcomes: { 400: ['bad_request', 'invalid_file'], 404: ['enquiry_not_found'], 413: ['file_too_large'] },
    }),
    deleteDocument: post<{ deleted: { id: string; deletedAt: string } }>()('/platform/vehicle/documents/delete', {
      auth: 'proven',
      owns: { enquiry: 'body.enquiryId' },
      body: z.object({ enquiryId: EnquiryId, documentId: z.string().max(100) }),
      outcomes: { 404: ['document_not_found'] },
    }),
    /** 409 `documents_missing` names the kinds still to upload (`missing`). */
    submitDocuments: post<DocumentsState>()('/platform/vehicle/documents/review/markAsSubmitted', {
      auth: 'proven',
      owns: { enquiry: 'body.enquiryId' },
      body: OwnEnquiry,
      outcomes: { 409: ['documents_missing'] },
    }),
    /** The file itself (not JSON), for its owner to check. */
    documentFile: get<string>()('/platform/vehicle/documents/:id/file', {
      auth: 'proven',
      owns: { enquiry: 'query.enquiryId' },
      query: OwnEnquiry,
      outcomes: { 404: ['document_not_found', 'file_not_found'] },
    }),
    // Bank details wait for a proven address (ADR 014).
    beneficiary: get<BeneficiaryResponse>()('/platform/payments/beneficiaries/:enquiryId', {
      auth: 'proven',
      owns: { enquiry: 'params.enquiryId' },
      timeout: 'payments',
    }),
    /**
     * 200 with the account on file; 202 PayeeChangePending for a change of an account already
     * given (it waits for the e-mailed code). `confirm: true` confirms the account in the same call
     * (a new account, or the same details again), so a save needs no confirmation call of its own.
     */
    updateBeneficiary: post<BeneficiaryResponse | PayeeChangePending>()('/platform/payments/beneficiaries/update', {
      auth: 'proven',
      owns: { enquiry: 'body.enquiryId' },
      // The details themselves are checked by the handler (contract/bank-details.ts), with a message per field.
      body: z.object({
        enquiryId: EnquiryId,
        accountName: BankField,
        sortCode: BankField,
        accountNumber: BankField,
        confirm: z.boolean().optional(),
      }),
      outcomes: { 400: ['invalid_bank_details'], 409: ['already_paid'], 503: ['links_unavailable'] },
      timeout: 'payments',
    }),
    /**
     * The seller's answer to a close match ("Use this name": `use_bank_name`) or a no match (`keep`,
     * with `understood: true`) of the details they typed (docs/decisions/036): 200 with the account
     * saved, or 202 PayeeChangePending when it changes an account already given (its code follows).
     */
    resolvePayeeCheck: post<BeneficiaryResponse | PayeeChangePending>()('/platform/payments/beneficiaries/payee-check', {
      auth: 'proven',
      owns: { enquiry: 'body.enquiryId' },
      body: z.object({
        enquiryId: EnquiryId,
        checkId: z.number().int().positive(),
        choice: z.enum(['use_bank_name', 'keep']),
        understood: z.boolean().optional(),
      }),
      outcomes: { 400: ['not_understood'], 409: ['already_paid', 'wrong_choice'], 410: ['check_expired'], 503: ['links_unavailable'] },
      timeout: 'payments',
    }),
    confirmBeneficiary: post<BeneficiaryResponse>()('/platform/payments/beneficiaries/confirmation', {
      auth: 'proven',
      owns: { enquiry: 'body.enquiryId' },
      body: OwnEnquiry,
      outcomes: { 409: ['no_beneficiary'] },
      timeout: 'payments',
    }),
    /** `confirm: true` confirms the new account as the code applies it (no confirmation call of its own). */
    confirmPayeeChange: post<BeneficiaryResponse>()('/platform/payments/beneficiaries/confirm-change', {
      auth: 'proven',
      owns: { enquiry: 'body.enquiryId' },
      body: z.object({ enquiryId: EnquiryId, code: z.string().max(20), confirm: z.boolean().optional() }),
      outcomes: { 400: ['invalid_code'], 410: ['code_expired', 'change_held'] },
      timeout: 'payments',
    }),
    /** "Cancel it and freeze my payout" on the seller's own page: ends a waiting change and holds the payout. */
    cancelPayeeChange: post<BeneficiaryResponse>()('/platform/payments/beneficiaries/cancel-change', {
      auth: 'proven',
      owns: { enquiry: 'body.enquiryId' },
      body: OwnEnquiry,
      timeout: 'payments',
    }),
    /** The e-mailed link's token is the proof: no sign-in needed. */
    freezePayout: post<{ frozen: true; frozenAt: string }>()('/platform/payments/freeze', {
      auth: 'none',
      body: z.object({ token: z.string({ message: LINK_NOT_VALID }).max(200, LINK_NOT_VALID) }),
      outcomes: { 400: ['token_invalid'] },
      timeout: 'payments',
    }),
    paymentStatuses: get<PaymentStatusesResponse>()('/platform/payments/payments/statuses', {
      auth: 'customer',
      owns: { enquiry: 'query.enquiryId' },
      query: OwnEnquiry,
      timeout: 'payments',
    }),
    financeStatus: get<FinanceStatus>()('/platform/payments/finance-status', {
      auth: 'customer',
      owns: { enquiry: 'query.enquiryId' },
      query: OwnEnquiry,
      outcomes: { 404: ['no_sale'] },
      timeout: 'payments',
    }),
    declareFunds: post<FinanceStatus>()('/platform/payments/finance-funds/declare', {
      auth: 'customer',
      owns: { enquiry: 'body.enquiryId' },
      body: OwnEnquiry,
      outcomes: { 409: ['no_shortfall'] },
      timeout: 'payments',
    }),
    /** The lenders a seller may have finance with (platform/src/providers/lenders.ts), by name or part of one: up to 8. */
    financeProviders: get<LenderSearchResponse>()('/platform/finance-settlement/v1/provider', {
      auth: 'none',
      query: z.object({ search: z.string().max(60).trim().default('') }),
    }),
    /** The seller's consent to Kerbside asking their lender for a settlement figure: recorded with its words, who and when. */
    financeConsent: post<FinanceConsentRecorded>()('/platform/finance-settlement/v1/consent', {
      auth: 'customer',
      owns: { enquiry: 'body.enquiryId' },
      body: z.object({ enquiryId: EnquiryId, lenderId: z.string().max(60), wording: z.string().max(1_000) }),
      outcomes: { 400: ['unknown_lender', 'wording_changed'] },
    }),
    /** Asks the seller's lender for the settlement figure now (the simulated lender answers at once). */
    financeSettlement: post<SettlementFigure>()('/platform/finance-settlement/v1/settlement/:lender', {
      auth: 'customer',
      owns: { enquiry: 'body.enquiryId' },
      body: OwnEnquiry,
      outcomes: { 400: ['unknown_lender'], 409: ['no_consent'] },
    }),
    /** Anyone with the enquiry (a seller, or the anonymous requester who looked the car up). */
    checkoutOffer: post<{ buyer: PartnerId; buyerId: number; redirectUrl: string }>()('/platform/checkout-offer', {
      auth: 'caller',
      body: z.object({ enquiryId: EnquiryId, buyer: z.string().max(20) }),
      outcomes: { 400: ['unknown_buyer'], 404: ['enquiry_not_found'], 409: ['buyer_not_offered'] },
    }),
    /** Paid when a referred friend's sale completes, so it lives with the sale (platform/src/sale/referral-rewards.ts). */
    referralRewards: get<ReferralRewardsResponse>()('/platform/referrals/rewards', { auth: 'customer' }),
    /** The buying dealer's record, beside the offer before the seller accepts (platform/src/sale/published.ts). */
    dealerRecord: get<DealerRecord>()('/platform/dealership/dealers/:id/record', {
      auth: 'customer',
      outcomes: { 400: ['bad_request'] },
    }),
    /** The valuation's accuracy last month, as the Cron Trigger counted it: /how-we-value publishes it. */
    valuationAccuracy: get<ValuationAccuracy>()('/platform/valuation/accuracy', { auth: 'none' }),
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
    runScheduled: post<{
      notifications: unknown;
      motReminders: unknown;
      trackerRevaluations: unknown;
      valuationAccuracy: unknown;
      settlementFigures: unknown;
      payeeChecks: unknown;
    }>()('/platform/dev/scheduled', {
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
    /** The dealer collects and pays (the sale's development switch): the sale as it then stands. */
    collect: post<SaleView | null>()('/platform/dev/enquiries/:id/collect', {
      auth: 'customer',
      owns: { enquiry: 'params.id' },
      outcomes: { 404: ['not_found'], 409: ['not_booked'] },
    }),
    /** The seller's shortfall arrives (development): the finance status as it then stands. */
    fundsReceived: post<FinanceStatus | null>()('/platform/dev/enquiries/:id/funds-received', {
      auth: 'customer',
      owns: { enquiry: 'params.id' },
      outcomes: { 404: ['not_found'] },
    }),
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
