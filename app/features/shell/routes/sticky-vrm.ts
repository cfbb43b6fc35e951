import { redirect, type ActionFunctionArgs } from '@remix-run/cloudflare';
import { DismissSchema } from '~/features/shell/shell-forms.server';
import { parseForm } from '~/lib/forms/form.server';
import { stickyVrmCookie } from '~/lib/preferences.server';
import { safeRedirect, sameSiteReferer } from '~/lib/safe-redirect';

export async function loader() {
  return redirect('/');
}

/** Closing the sticky registration banner, for good (docs/behaviour/states.md: disableStickyVRM). */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), DismissSchema);
  const form = submission.status === 'success' ? submission.value : {};
  const back = safeRedirect(form.returnTo, sameSiteReferer(request));
  context.preferences.stickyVrmDismissed = true;
  const headers = { 'Set-Cookie': stickyVrmCookie() };
  if (form.js === '1') return Response.json({ dismissed: true }, { headers });
  return redirect(back, { status: 303, headers });
}
