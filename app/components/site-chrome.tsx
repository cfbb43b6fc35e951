import { Link } from '@remix-run/react';

export function SiteHeader({ brandName }: { brandName: string }) {
  return (
    <header className="site-header">
      <div className="wrap">
        <Link to="/" className="logo" aria-label={`${brandName} home`}>
          {brandName}
          <span>.</span>
        </Link>
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
