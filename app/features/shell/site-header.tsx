import { Form, Link } from '@remix-run/react';
import { ServerMarkup } from '../../lib/server-markup';
import { headerNavMarkup } from './shell-links.server';
import type { Addresses } from '~/features/shell/navigation';

/**
 * The header (docs/behaviour/shell.md#header). Menus are `<details>` disclosures: they open and close without
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
        <ServerMarkup
          as="nav"
          id="main-nav"
          className="main-nav"
          aria-label="Main"
          render={() => headerNavMarkup({ addresses, idPrefix: 'nav' })}
        />
        <div className="header-end">
          <nav className="site-nav" aria-label="Account">
            {user ? <AccountMenu user={user} /> : <Link to="/sign-in">Sign in</Link>}
          </nav>
          <details className="menu mobile-menu" data-menu>
            <summary>
              <span className="burger" aria-hidden="true" />
              Menu
            </summary>
            <ServerMarkup
              as="nav"
              id="mobile-nav"
              className="menu-panel"
              aria-label="Menu"
              render={() => headerNavMarkup({ addresses, idPrefix: 'mobile', flat: true })}
            />
          </details>
        </div>
      </div>
    </header>
  );
}

function AccountMenu({ user }: { user: { firstName: string; initials: string } }) {
  return (
    <div className="account">
      {/* A badge beside the link, not in it: the link's name is the words it shows (WCAG 2.5.3). */}
      <span className="initials" aria-hidden="true">
        {user.initials}
      </span>
      <Link to="/account" className="account-link">
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
