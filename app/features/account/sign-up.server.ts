import { redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { CONTACT_MESSAGES } from '../../../contract/contact-rules';
import { phoneProblem, signUp } from './accounts.server';
import { browserKeyOf, signIn } from '../../lib/auth.server';
import { failed, invalid, refuse, type parseForm } from '../../lib/forms/form.server';
import type { SignUpSchema, TrackerSignUpSchema } from './account-forms.server';

/**
 * A sign-up form as the action that shows it read it (parseForm, or parseIntent beside other
 * forms): the sale's, with the mobile and postcode, or the car value tracker's, without them.
 */
export type SignUpSubmission = ReturnType<typeof parseForm<typeof SignUpSchema>> | ReturnType<typeof parseForm<typeof TrackerSignUpSchema>>;

/**
 * The sign-up forms' one handler, wherever one is shown (the vehicle page, the car value tracker):
 * the contact checks, the account (with the seller's campaign and referral), and signing in. Null
 * when the seller is signed up and signed in; otherwise the reply to send back, with what they typed.
 * An address that already has an account is e-mailed a sign-in link, and the seller is taken to
 * the same "check your e-mail" page a sign-in shows: the page never says the account exists.
 * `returnTo` is where the e-mailed link brings the seller back to.
 */
export async function handleSignUp(submission: SignUpSubmission, context: AppLoadContext, from: string, returnTo: string) {
  if (submission.status !== 'success') return invalid(submission);
  const { gateway, session } = context;
  const { value } = submission;
  try {
    if ('phone' in value && (await phoneProblem(gateway, value.phone))) return refuse(submission, { phone: CONTACT_MESSAGES.phone });
    const outcome = await signUp(gateway, {
      ...('phone' in value ? { ...value, purpose: 'sale' as const } : { ...value, purpose: 'tracker' as const }),
      campaign: session.get('campaign')?.params,
      redirectTo: returnTo,
      browserKey: browserKeyOf(session),
    });
    if (outcome.kind === 'link_sent') {
      session.flash('signInEmail', value.email);
      throw redirect(`/sign-in?sent&redirectTo=${encodeURIComponent(returnTo)}`);
    }
    signIn(session, outcome.response);
    context.analytics.track('signed_up', { marketing: value.marketingConsent, from });
    return null;
  } catch (error) {
    if (error instanceof Response) throw error;
    return failed(submission, error, context, 'sign_up.failed');
  }
}
