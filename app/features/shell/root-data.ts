import { useRouteLoaderData } from '@remix-run/react';
import type { loadRootData } from './root-data.server';

/**
 * What every page's frame knows (root-data.server.ts), for the shell and for pages that need the
 * brand. The dealer network's figure is null only when the root's data did not load (the fallback
 * below): nothing configured is at hand then, so the shell makes the claim without a number.
 */
export type RootData = Omit<Awaited<ReturnType<typeof loadRootData>>, 'dealerNetwork'> & { dealerNetwork: string | null };

const FALLBACK_ROOT_DATA: RootData = {
  brandName: 'Kerbside',
  helpCentreUrl: '',
  dealerSiteUrl: '',
  dealerNetwork: null,
  year: new Date().getUTCFullYear(),
  user: null,
  logoutNotice: false,
  authEvent: null,
  consent: null,
  stickyVrmDismissed: true,
  chatEnabled: false,
  analytics: null,
  keptForm: null,
  footerReviews: null,
};

export function useRootData(): RootData {
  return useRouteLoaderData<typeof loadRootData>('root') ?? FALLBACK_ROOT_DATA;
}
