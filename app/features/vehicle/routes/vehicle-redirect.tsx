import { redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { normaliseVrm } from '../../../../contract/vrm';
import { safeRedirect } from '~/lib/safe-redirect';

/**
 * Paths that only lead to the vehicle page (docs/behaviour/routes.md#vehicle-routes and docs/behaviour/routes.md#redirects): /{vrm}/sign-up, /{vrm}/car-sold and
 * the legacy /{vrm}/{buyer}/appointment/book and /{vrm}/{buyer}/summary/{checkout?}.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  throw redirect(safeRedirect(`/${normaliseVrm(params.vrm ?? '')}`), 301);
}
