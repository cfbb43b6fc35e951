import { redirect, type ActionFunctionArgs } from '@remix-run/cloudflare';
import { logout } from '~/features/account/accounts.server';
import { signOut } from '~/lib/auth.server';

/** Signing out is a POST (a link or a prefetch must never sign anyone out); a GET just goes home. */
export async function loader() {
  throw redirect('/');
}

export async function action({ context }: ActionFunctionArgs) {
  if (context.session.get('auth')) {
    await logout(context.gateway);
    signOut(context.session);
  }
  throw redirect('/');
}
