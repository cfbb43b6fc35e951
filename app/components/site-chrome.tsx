import { Form, Link } from '@remix-run/react';

export function SiteHeader({ brandName, user }: { brandName: string; user: { firstName: string; initials: string } | null }) {
  return (
    <header className="site-header">
      <div className="wrap">
        <Link to="/" className="logo" aria-label={`${brandName} home`}>
          {brandName}
          <span>.</span>
        </Link>
        <nav className="site-nav" aria-label="Account">
          {user ? (
            <div className="account">
              <Link to="/account" className="account-link">
                <span className="initials" aria-hidden="true">
                  {user.initials}
                </span>
                {user.firstName}
              </Link>
              {/* A disclosure menu: opens and works without JavaScript. */}
              <details className="account-menu">
                <summary aria-label="Account menu">▾</summary>
                <ul>
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
          ) : (
            <Link to="/sign-in">Sign in</Link>
          )}
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter({ brandName, year, helpCentreUrl }: { brandName: string; year: number; helpCentreUrl: string }) {
  return (
    <footer className="site-footer">
      <div className="wrap">
        <ul>
          <li>
            <Link to="/">Sell my car</Link>
          </li>
          <li>
            <Link to="/reviews">Reviews</Link>
          </li>
          {helpCentreUrl ? (
            <li>
              <a href={helpCentreUrl}>Help</a>
            </li>
          ) : null}
        </ul>
        <p>
          7,500+ dealers compete to buy your car. Free collection, no fee to the seller. © {year} {brandName}
        </p>
      </div>
    </footer>
  );
}
