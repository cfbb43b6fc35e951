import { redirect, type ActionFunctionArgs } from '@remix-run/cloudflare';
import { stickyVrmCookie } from '~/lib/preferences.server';
import { safeRedirect, sameSiteReferer } from '~/lib/safe-redirect';

export async function loader() {
  return redirect('/');
}

/** Closing the sticky registration banner, for good (spec 2 §4: disableStickyVRM). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const back = safeRedirect(form?.get('returnTo'), sameSiteReferer(request));
  context.preferences.stickyVrmDismissed = true;
  const headers = { 'Set-Cookie': stickyVrmCookie() };
  if (form?.get('js') === '1') return Response.json({ dismissed: true }, { headers });
  return redirect(back, { status: 303, headers });
}
