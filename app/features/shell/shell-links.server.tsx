import {
  APP_STORE_LINKS,
  footerColumns,
  LEGAL_LINKS,
  moreLinks,
  PRESS_MENTIONS,
  primaryLinks,
  SOCIAL_LINKS,
  TOOLS,
  type Addresses,
  type NavLink,
} from '~/features/shell/navigation';
import { dealersCompete } from '~/lib/dealer-network';
import { markupOf } from '~/lib/server-markup.server';

/*
 * The shell's links: the same on every page and for every seller, so they are rendered on the
 * server only and kept by the browser as the document brought them (ServerMarkup, ADR 012). This
 * module, the navigation data and the links' texts never reach the page's scripts. Links are plain
 * (ServerMarkup navigates them in the app; `data-discover` lets Remix learn their routes first, as
 * for a <Link>): each part is rendered once per isolate, apart from the page and its router.
 */

export function HeaderNavItems({ addresses, idPrefix, flat = false }: { addresses: Addresses; idPrefix: string; flat?: boolean }) {
  const groups = [
    { title: 'Tools', links: TOOLS },
    { title: 'More', links: moreLinks(addresses) },
  ];
  return (
    <ul className="nav-list">
      {primaryLinks(addresses).map((link) => (
        <li key={link.label}>
          <NavAnchor link={link} />
        </li>
      ))}
      {groups.map((group) =>
        flat ? (
          <li key={group.title}>
            <h2 className="menu-heading" id={`${idPrefix}-${group.title.toLowerCase()}`}>
              {group.title}
            </h2>
            <ul aria-labelledby={`${idPrefix}-${group.title.toLowerCase()}`}>
              {group.links.map((link) => (
                <li key={link.label}>
                  <NavAnchor link={link} />
                </li>
              ))}
            </ul>
          </li>
        ) : (
          <li key={group.title}>
            <details className="menu" data-menu>
              <summary>{group.title}</summary>
              <ul className="menu-panel">
                {group.links.map((link) => (
                  <li key={link.label}>
                    <NavAnchor link={link} />
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ),
      )}
    </ul>
  );
}

function NavAnchor({ link }: { link: NavLink }) {
  const badge = link.isNew ? <span className="badge">New</span> : null;
  return link.external ? (
    <a href={link.href}>
      {link.label}
      {badge}
    </a>
  ) : (
    <a href={link.href} data-discover="true">
      {link.label}
      {badge}
    </a>
  );
}

/** The footer's press mentions, site link columns, app and social links. */
export function FooterLinks({ addresses }: { addresses: Addresses }) {
  return (
    <>
      {PRESS_MENTIONS.length ? (
        <section aria-labelledby="press-title" className="press">
          <h2 id="press-title">As seen in</h2>
          <ul className="logo-row">
            {PRESS_MENTIONS.map((mention) => (
              <li key={mention.outlet}>
                <a href={mention.href}>
                  <img
                    src={mention.logo}
                    alt={mention.outlet}
                    width={mention.width}
                    height={mention.height}
                    loading="lazy"
                    decoding="async"
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="footer-columns">
        {footerColumns(addresses).map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title.replace(/\W+/g, '-').toLowerCase()}`}>
            <h2 id={`footer-${column.title.replace(/\W+/g, '-').toLowerCase()}`}>{column.title}</h2>
            <LinkList links={column.links} />
          </nav>
        ))}
      </div>
      {APP_STORE_LINKS.length || SOCIAL_LINKS.length ? (
        <div className="footer-apps">
          <LinkList links={[...APP_STORE_LINKS, ...SOCIAL_LINKS]} />
        </div>
      ) : null}
    </>
  );
}

/** The footer's legal links and copyright line. */
export function FooterLegal({ brandName, dealerNetwork, year }: { brandName: string; dealerNetwork: string | null; year: number }) {
  return (
    <>
      <nav aria-label="Legal" className="legal">
        <LinkList links={LEGAL_LINKS} />
      </nav>
      <p className="copyright">
        © {year} {brandName}. {dealersCompete(dealerNetwork)} to buy your car. Free collection, no fee to the seller.
      </p>
    </>
  );
}

function LinkList({ links }: { links: NavLink[] }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.label}>
          {link.external ? (
            <a href={link.href}>{link.label}</a>
          ) : (
            <a href={link.href} data-discover="true">
              {link.label}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The cookie notice's words (cookie-notice.tsx keeps the choice's form, which works in the browser). */
export function CookieNoticeText({ brandName }: { brandName: string }) {
  return (
    <>
      <h2 id="cookie-notice-title">Cookies on {brandName}</h2>
      <p>
        We use cookies that the site needs to work. With your permission we would also like to record how you use it, to make it better.
        Nothing is recorded unless you accept. <a href="/cookies">How we use cookies</a>
      </p>
    </>
  );
}

// What ServerMarkup renders: each part's markup, made once per isolate for its props.
type PropsOf<Part> = Part extends (props: infer Props) => unknown ? Props : never;
export const headerNavMarkup = (props: PropsOf<typeof HeaderNavItems>) => markupOf(HeaderNavItems, props);
export const footerLinksMarkup = (props: PropsOf<typeof FooterLinks>) => markupOf(FooterLinks, props);
export const cookieNoticeMarkup = (props: PropsOf<typeof CookieNoticeText>) => markupOf(CookieNoticeText, props);
export const footerLegalMarkup = (props: PropsOf<typeof FooterLegal>) => markupOf(FooterLegal, props);
