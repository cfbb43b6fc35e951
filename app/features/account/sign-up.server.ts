import { redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { CONTACT_MESSAGES } from '../../../contract/contact-rules';
import { phoneProblem, signUp } from './accounts.server';
import { browserKeyOf, signIn } from '../../lib/auth.server';
import { failed, invalid, refuse, type parseForm } from '../../lib/forms/form.server';
import type { SignUpSchema } from './account-forms.server';

/** The sign-up form as the action that shows it read it (parseForm, or parseIntent beside other forms). */
export type SignUpSubmission = ReturnType<typeof parseForm<typeof SignUpSchema>>;

/**
 * The sign-up form's one handler, wherever it is shown (the vehicle page, the car value tracker):
 * the contact checks, the account (with the seller's campaign and referral), and signing in. Null
 * when the seller is signed up and signed in; otherwise the reply to send back, with what they typed.
 * An address that already has an account is e-mailed a sign-in link, and the seller is taken to
 * the same "check your e-mail" page a sign-in shows: the page never says the account exists.
 * `returnTo` is where the e-mailed link brings the seller back to.
 */
export async function handleSignUp(submission: SignUpSubmission, context: AppLoadContext, from: string, returnTo: string) {
  if (submission.status !== 'success') return invalid(submission);
  const { gateway, session } = context;
  try {
    if (await phoneProblem(gateway, submission.value.phone)) return refuse(submission, { phone: CONTACT_MESSAGES.phone });
    const outcome = await signUp(gateway, {
      ...submission.value,
      campaign: session.get('campaign')?.params,
      referralCode: session.get('referral'),
      linkBase: context.origin,
      redirectTo: returnTo,
      browserKey: browserKeyOf(session),
    });
    if (outcome.kind === 'link_sent') {
      session.flash('signInEmail', submission.value.email);
      throw redirect(`/sign-in?sent&redirectTo=${encodeURIComponent(returnTo)}`);
    }
    signIn(session, outcome.response);
    context.analytics.track('signed_up', { marketing: submission.value.marketingConsent, from });
    return null;
  } catch (error) {
    if (error instanceof Response) throw error;
    return failed(submission, error, context, 'sign_up.failed');
  }
}
