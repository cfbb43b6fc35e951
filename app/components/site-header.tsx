import { Form, Link } from '@remix-run/react';
import { moreLinks, primaryLinks, TOOLS, type Addresses, type NavLink } from '~/data/navigation';

/**
 * The header (spec 2 §2.7). Menus are `<details>` disclosures: they open and close without
 * JavaScript; with it, `ShellBehaviour` closes them on Escape and outside clicks and keeps one open.
 */
export function SiteHeader({
  brandName,
  user,
  addresses,
  translucent,
}: {
  brandName: string;
  user: { firstName: string; initials: string } | null;
  addresses: Addresses;
  translucent: boolean;
}) {
  return (
    <header className={`site-header${translucent ? ' translucent' : ''}`}>
      <div className="wrap">
        <Link to="/" className="logo" aria-label={`${brandName} home`}>
          {brandName}
          <span aria-hidden="true">.</span>
        </Link>
        <nav className="main-nav" aria-label="Main">
          <NavItems addresses={addresses} idPrefix="nav" />
        </nav>
        <div className="header-end">
          <nav className="site-nav" aria-label="Account">
            {user ? <AccountMenu user={user} /> : <Link to="/sign-in">Sign in</Link>}
          </nav>
          <details className="menu mobile-menu" data-menu>
            <summary>
              <span className="burger" aria-hidden="true" />
              Menu
            </summary>
            <nav className="menu-panel" aria-label="Menu">
              <NavItems addresses={addresses} idPrefix="mobile" flat />
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

function NavItems({ addresses, idPrefix, flat = false }: { addresses: Addresses; idPrefix: string; flat?: boolean }) {
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
    <Link to={link.href} prefetch="none">
      {link.label}
      {badge}
    </Link>
  );
}

function AccountMenu({ user }: { user: { firstName: string; initials: string } }) {
  return (
    <div className="account">
      <Link to="/account" className="account-link">
        <span className="initials" aria-hidden="true">
          {user.initials}
        </span>
        {user.firstName}
      </Link>
      <details className="menu account-menu" data-menu>
        <summary aria-label="Account menu">▾</summary>
        <ul className="menu-panel">
          <li>
            <Link to="/account">Account</Link>
          </li>
          <li>
            <Form method="post" action="/sign-out">
              <button type="submit" className="btn link">
                Sign out
              </button>
            </Form>
          </li>
        </ul>
      </details>
    </div>
  );
}
