import { parseWithZod } from '@conform-to/zod';
import { data, type AppLoadContext } from '@remix-run/cloudflare';
import { CONTACT_MESSAGES } from '../../contract/contact-rules';
import { emailInUse, phoneProblem, signUp } from './accounts.server';
import { signIn } from './auth.server';
import { failureReply } from './form-failure.server';
import { GatewayError } from './gateway.server';
import { SignUpSchema } from './validation';

/**
 * The sign-up form's one handler, wherever it is shown (the vehicle page, the car value tracker):
 * the contact checks, the account (with the seller's campaign and referral), and signing in. Null
 * when the seller is signed up and signed in; otherwise the reply to send back, with what they typed.
 */
export async function handleSignUp(formData: FormData, context: AppLoadContext, from: string) {
  const submission = parseWithZod(formData, { schema: SignUpSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const { gateway, session, config } = context;
  const emailTaken = `There is already a ${config.brandName} account for this email.`;
  try {
    if (await phoneProblem(gateway, submission.value.phone)) {
      return data(submission.reply({ fieldErrors: { phone: [CONTACT_MESSAGES.phone] } }), { status: 400 });
    }
    if (await emailInUse(gateway, submission.value.email)) {
      return data(submission.reply({ fieldErrors: { email: [emailTaken] } }), { status: 400 });
    }
    signIn(session, await signUp(gateway, { ...submission.value, campaign: session.get('campaign')?.params, referralCode: session.get('referral') }));
    context.analytics.track('signed_up', { marketing: submission.value.marketingConsent, from });
    return null;
  } catch (error) {
    if (error instanceof GatewayError && error.status === 409) return data(submission.reply({ fieldErrors: { email: [emailTaken] } }), { status: 400 });
    return failureReply(submission, error, context, 'sign_up.failed');
  }
}
