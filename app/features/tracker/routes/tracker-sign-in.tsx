import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { formatVrm } from '../../../../contract/vrm';
import { GeneralErrorBoundary, useRootData } from '~/features/shell/frame';
import { ContactField } from '~/lib/forms/contact-field';
import { TrackerSignUpForm } from '~/features/tracker/tracker-sign-up-form';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { safeRedirect } from '~/lib/safe-redirect';
import { TrackerSignUpSchema } from '~/features/account/account-forms.server';
import { parseForm } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { CONTACT_FIELD_RULES } from '../../../../contract/contact-rules';
import { handleSignUp } from '~/features/account/sign-up.server';

const TRACKER_PATH = '/car-value-tracker';

// Nothing here is for search engines.
export const handle = routeFlags({ noRobots: true, showTrackerDisclaimer: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Car value tracker: sign in' });

/**
 * Where the seller goes once signed in: the page they were sent here from, else the car they just
 * started tracking, else the tracker.
 */
function nextPath(request: Request, pendingVrm: string | undefined): string {
  const fallback = pendingVrm ? `${TRACKER_PATH}/${pendingVrm}` : TRACKER_PATH;
  return safeRedirect(new URL(request.url).searchParams.get('redirectTo'), fallback);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const pendingVrm = context.session.get('tracker')?.pendingVrm;
  const next = nextPath(request, pendingVrm);
  if (context.session.get('auth')) throw redirect(next);
  return { next, pendingVrm: pendingVrm ? formatVrm(pendingVrm) : null };
}

/**
 * Sign-up here asks only what watching a value needs, a name and an e-mail address: the account is
 * created and the car the visitor started tracking becomes its own, or an address that already has
 * an account is e-mailed a sign-in link.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { session } = context;
  const next = nextPath(request, session.get('tracker')?.pendingVrm);
  const answer = await handleSignUp(parseForm(await request.formData(), TrackerSignUpSchema), context, 'tracker', next);
  if (answer) return answer;
  session.set('tracker', {});
  throw redirect(next);
}

export default function TrackerSignIn() {
  const { next, pendingVrm } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { brandName } = useRootData();
  // The site's sign-in answers this form on its own page: here the browser only checks the address.
  const signIn = useFormReply(null, { email: CONTACT_FIELD_RULES.email });
  const signUpAction = `${TRACKER_PATH}/sign-in${next === TRACKER_PATH ? '' : `?redirectTo=${encodeURIComponent(next)}`}`;
  return (
    <div className="stack">
      <section className="card" aria-labelledby="tracker-sign-in-title">
        <h1 id="tracker-sign-in-title">Sign in to track your car&rsquo;s value</h1>
        <p>
          {pendingVrm
            ? `We have valued ${pendingVrm}. Create your free account, or sign in, to see its value and how it changes each month.`
            : 'Your tracked cars are kept in your free account. Create one, or sign in, to see them.'}
        </p>
      </section>
      <section className="card" aria-labelledby="create-title">
        <h2 id="create-title">Create your free account</h2>
        <p>Your name and e-mail address are all it takes. Your tracked cars are kept in your account.</p>
        <TrackerSignUpForm action={signUpAction} reply={reply} brandName={brandName} />
      </section>
      <section className="card" aria-labelledby="existing-title">
        <h2 id="existing-title">Already have an account?</h2>
        <p>We will email you a link to sign in. No password needed.</p>
        {/* The site's sign-in: its link brings the seller back here, to the car. */}
        <Form method="post" action={`/sign-in?redirectTo=${encodeURIComponent(next)}`} id="tracker-sign-in" {...signIn.formProps}>
          <input type="hidden" name="redirectTo" value={next} />
          <ContactField name="email" id="tracker-sign-in-email" form={signIn} />
          <button className="btn secondary" type="submit">
            Email me a sign-in link
          </button>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
