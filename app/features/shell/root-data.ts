import { useRouteLoaderData } from '@remix-run/react';
import type { loadRootData } from './root-data.server';

/** What every page's frame knows (root-data.server.ts), for the shell and for pages that need the brand. */
export type RootData = Awaited<ReturnType<typeof loadRootData>>;

const FALLBACK_ROOT_DATA: RootData = {
  brandName: 'Kerbside',
  helpCentreUrl: '',
  dealerSiteUrl: '',
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
