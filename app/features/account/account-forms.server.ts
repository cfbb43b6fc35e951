import { z } from 'zod';
import { EmailSchema, LookupSchema, NameSchema, PhoneSchema, PostcodeSchema } from '../../lib/forms/validation.server';

/**
 * The schemas of the account's forms (parseForm, parseIntent). A server module: the routes read
 * them in their actions only, and the browser build leaves it empty, so no page loads zod. The
 * browser checks the same fields with the rules these are built from (contract/contact-rules.ts).
 */

export const SignUpSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  postcode: PostcodeSchema,
  marketingConsent: z.boolean().optional().default(false),
});

/** The car value tracker's sign-up: watching a value needs no mobile and no postcode (docs/decisions/019). */
export const TrackerSignUpSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  marketingConsent: z.boolean().optional().default(false),
});

export const SignInSchema = z.object({
  email: EmailSchema,
  redirectTo: z.string().optional(),
});

export const DetailsSchema = z.object({
  name: NameSchema,
  phone: PhoneSchema,
  postcode: PostcodeSchema,
});

// A checkbox sends "on" when ticked and nothing when not.
export const PreferencesSchema = z.object({
  marketing: z.literal('on').optional(),
  texts: z.literal('on').optional(),
  /** Present when the form offered the texts box (the seller has a UK mobile): unticked then means stop. */
  textsOffered: z.literal('on').optional(),
});

/**
 * The account page's forms, each with its intent: adding a car (its button is the default),
 * removing one, signing out of the other devices, and signing out everywhere, this device included.
 */
export const ACCOUNT_INTENTS = {
  add: LookupSchema,
  remove: z.object({ vehicleId: z.coerce.number().int().positive() }),
  'sign-out-others': z.object({}),
  'sign-out-everywhere': z.object({}),
};

/** The mobile's page: the texted code, or a new one. */
export const MOBILE_INTENTS = {
  code: z.object({ code: z.string({ required_error: 'Enter the code we texted you' }).trim().max(20) }),
  resend: z.object({}),
};

/** The link's token, and whether the car looked up in this browser joins the account (`addCar=yes`). */
// The platform takes a token of up to 200 characters (contract/endpoints.ts): a longer one is no link of ours.
export const VerifySchema = z.object({ token: z.string().max(200), addCar: z.string().optional() });

// The signed code from the unsubscribe link, sent back by the button.
export const UnsubscribeSchema = z.object({ code: z.string().optional() });
