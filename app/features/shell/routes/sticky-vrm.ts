import { redirect, type ActionFunctionArgs } from '@remix-run/cloudflare';
import { z } from 'zod';
import { parseForm } from '~/lib/forms/form.server';
import { stickyVrmCookie } from '~/lib/preferences.server';
import { safeRedirect, sameSiteReferer } from '~/lib/safe-redirect';

export async function loader() {
  return redirect('/');
}

/** The page to go back to, and `js` when the banner was closed in the background. */
const DismissSchema = z.object({ returnTo: z.string().optional(), js: z.string().optional() });

/** Closing the sticky registration banner, for good (spec 2 §4: disableStickyVRM). */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), DismissSchema);
  const form = submission.status === 'success' ? submission.value : {};
  const back = safeRedirect(form.returnTo, sameSiteReferer(request));
  context.preferences.stickyVrmDismissed = true;
  const headers = { 'Set-Cookie': stickyVrmCookie() };
  if (form.js === '1') return Response.json({ dismissed: true }, { headers });
  return redirect(back, { status: 303, headers });
}
