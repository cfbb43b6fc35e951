import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useRootData } from '~/root';

/** 404 and 500 views of spec 2 §2.11. Unexpected errors are logged on the server, never shown. */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Record<number, (data: unknown) => ReactNode | null> }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const custom = statusHandlers[error.status]?.(error.data);
    if (custom) return <>{custom}</>;
    if (error.status === 404) return <NotFound />;
  }
  return <ServerError />;
}

export function NotFound() {
  return (
    <section className="card" aria-labelledby="error-title">
      <h1 id="error-title">Page not found</h1>
      <p>The page you were looking for has moved, or never existed.</p>
      <Link className="btn" to="/">
        Drive me home
      </Link>
    </section>
  );
}

export function ServerError() {
  const location = useLocation();
  const { helpCentreUrl } = useRootData();
  return (
    <section className="card" aria-labelledby="error-title">
      <h1 id="error-title">Sorry, something went wrong</h1>
      <p>Please refresh the page. If it keeps happening, contact us and we will help.</p>
      <div className="actions">
        {/* A plain link reloads the page with or without JavaScript. */}
        <a className="btn" href={location.pathname + location.search}>
          Refresh
        </a>
        {helpCentreUrl ? <a href={helpCentreUrl}>Contact us</a> : null}
      </div>
    </section>
  );
}
