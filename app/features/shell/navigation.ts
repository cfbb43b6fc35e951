/**
 * The site's navigation (docs/behaviour/shell.md#header, docs/behaviour/shell.md#footer): one list the header, the mobile menu and the footer all
 * read. Addresses outside the site (help centre, dealer site) come from configuration.
 */
export interface NavLink {
  label: string;
  href: string;
  /** Outside this site: a plain link, not a client-side navigation. */
  external?: boolean;
  /** Marked 'New' in the Tools menu (docs/behaviour/shell.md#header: the tax checker). */
  isNew?: boolean;
}

export interface Addresses {
  helpCentreUrl: string;
  dealerSiteUrl: string;
}

export const TOOLS: NavLink[] = [
  { label: 'Car value tracker', href: '/car-value-tracker' },
  { label: 'MOT checker', href: '/mot-check' },
  { label: 'Tax checker', href: '/car-tax-check', isNew: true },
  { label: 'ULEZ checker', href: '/ulez-checker' },
];

export function primaryLinks({ helpCentreUrl }: Addresses): NavLink[] {
  return [
    { label: 'Sell my car', href: '/sell-my-car' },
    { label: 'How it works', href: '/how-it-works' },
    { label: 'Help', href: helpCentreUrl, external: true },
  ];
}

export function moreLinks({ helpCentreUrl, dealerSiteUrl }: Addresses): NavLink[] {
  return [
    { label: 'About us', href: '/about' },
    { label: 'Guides', href: '/guides' },
    { label: 'Stories', href: '/stories' },
    { label: 'Careers', href: '/careers' },
    { label: 'For dealers', href: dealerSiteUrl, external: true },
    { label: 'Contact us', href: helpCentreUrl, external: true },
  ];
}

/** The footer's columns of site links. */
export function footerColumns(addresses: Addresses): { title: string; links: NavLink[] }[] {
  return [
    {
      title: 'Selling',
      links: [
        { label: 'Sell my car', href: '/sell-my-car' },
        { label: 'Sell my van', href: '/sell-my-van' },
        { label: 'Part exchange', href: '/part-exchange' },
        { label: 'Car brands', href: '/sell-my-car/brands' },
        { label: 'Guides', href: '/guides' },
        { label: 'Locations', href: '/locations' },
      ],
    },
    { title: 'Free tools', links: TOOLS },
    {
      title: 'About',
      links: [
        { label: 'About us', href: '/about' },
        { label: 'How it works', href: '/how-it-works' },
        { label: 'Reviews', href: '/reviews' },
        { label: 'Refer a friend', href: '/refer' },
        { label: 'Press', href: '/press' },
        { label: 'Careers', href: '/careers' },
        { label: 'For dealers', href: addresses.dealerSiteUrl, external: true },
        { label: 'Help', href: addresses.helpCentreUrl, external: true },
      ],
    },
  ];
}

export const LEGAL_LINKS: NavLink[] = [
  { label: 'Terms', href: '/terms' },
  { label: 'Privacy', href: '/privacy' },
  { label: 'Cookies', href: '/cookies' },
  { label: 'Sitemap', href: '/sitemap' },
  { label: 'Accessibility', href: '/accessibility' },
];

/**
 * App-store pages, social profiles and press coverage: rendered when an entry exists. Kerbside has
 * no published app, no social profiles and no press coverage yet, and the footer does not invent
 * them; add an entry here when one is real.
 */
export const APP_STORE_LINKS: NavLink[] = [];
export const SOCIAL_LINKS: NavLink[] = [];
export const PRESS_MENTIONS: { outlet: string; href: string; logo: string; width: number; height: number }[] = [];
