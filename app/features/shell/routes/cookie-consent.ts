import { redirect, type ActionFunctionArgs } from '@remix-run/cloudflare';
import { clockNowMs } from '~/lib/clock.server';
import { nextCampaign } from '~/lib/campaign';
import { ConsentSchema } from '~/features/shell/shell-forms.server';
import { parseForm } from '~/lib/forms/form.server';
import { consentCookie } from '~/lib/preferences.server';
import { safeRedirect, sameSiteReferer } from '~/lib/safe-redirect';

/** There is nothing to see here: the choice lives on the cookies page. */
export async function loader() {
  return redirect('/cookies');
}

/**
 * The cookie notice's form. Accepting also picks up the campaign of the page the seller is on
 * (the landing URL still carries it): before consent it was neither stored nor sent.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), ConsentSchema);
  const form = submission.status === 'success' ? submission.value : {};
  const back = safeRedirect(form.returnTo, sameSiteReferer(request));
  const choice = form.choice;
  // Anything but a choice changes nothing: back to the page, where the notice still asks.
  if (choice !== 'accept' && choice !== 'reject') return redirect(back, 303);

  const { session, preferences, analytics } = context;
  preferences.consent = choice === 'accept' ? 'granted' : 'denied';
  if (preferences.consent === 'granted') {
    const campaign = nextCampaign(session.get('campaign'), new URL(back, 'https://kerbside.invalid').searchParams, clockNowMs());
    if (campaign) session.set('campaign', campaign.state);
    analytics.track('cookie_consent_given', { campaign: !!campaign });
  } else {
    // A seller who says no has no campaign kept for them, even one kept before.
    session.unset('campaign');
  }

  const headers = { 'Set-Cookie': consentCookie(preferences.consent) };
  if (form.js === '1') return Response.json({ consent: preferences.consent }, { headers });
  return redirect(back, { status: 303, headers });
}
