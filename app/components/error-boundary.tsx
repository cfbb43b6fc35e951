import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { reportToServer } from '~/lib/client-report';
import { useRootData } from '~/root';

/**
 * A page's data or code that could not be fetched in the browser (a dropped connection during a
 * client-side navigation, a script chunk from an older deploy): not a server error.
 */
export function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch|NetworkError|Load failed|Importing a module script failed|dynamically imported module|ChunkLoadError/i.test(
    `${error.name} ${error.message}`,
  );
}

/**
 * The error views of spec 2 §2.11 and §8. Remix renders a route's boundary in place of the route
 * and clears it on the next navigation, so the page recovers as soon as the seller moves on.
 * Unexpected errors are logged on the server, never shown.
 */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Record<number, (data: unknown) => ReactNode | null> }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const custom = statusHandlers[error.status]?.(error.data);
    if (custom) return <>{custom}</>;
    if (error.status === 404) return <NotFound />;
    const outage = outageMessage(error.data);
    if (outage) return <PlatformOutage message={outage} />;
  }
  if (isLoadFailure(error)) return <LoadFailure />;
  return <ServerError />;
}

/** The root's boundary: the whole page failed to render (spec 2 §8, total page error). */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const outage = isRouteErrorResponse(error) ? outageMessage(error.data) : null;
  if (outage) return <PlatformOutage message={outage} />;
  if (isLoadFailure(error)) return <LoadFailure />;
  return <TotalPageError />;
}

function RefreshLink({ children = 'Refresh the page' }: { children?: ReactNode }) {
  const location = useLocation();
  // A plain link reloads the page with or without JavaScript.
  return (
    <a className="btn" href={location.pathname + location.search}>
      {children}
    </a>
  );
}

export function LoadFailure() {
  useEffect(() => reportToServer('chunk_load_failed'), []);
  return (
    <section className="card" aria-labelledby="error-title">
      <h1 id="error-title">Sorry, we couldn't load this page</h1>
      <p>Check your connection, then refresh the page. Anything you have already saved is safe.</p>
      <RefreshLink />
    </section>
  );
}

/** What a loader throws when the platform is down or slow (form-failure.server.ts loadOrOutage). */
function outageMessage(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const { outage, message } = data as { outage?: unknown; message?: unknown };
  return outage === true && typeof message === 'string' ? message : null;
}

/** The page's data could not be loaded because the platform failed: the page-load failure of spec 2 §8. */
export function PlatformOutage({ message }: { message: string }) {
  return (
    <section className="card" aria-labelledby="error-title">
      <h1 id="error-title">Sorry, we couldn't load this page</h1>
      <p>{message}</p>
      <p>Anything you have already saved is safe.</p>
      <KeptFormView />
      <RefreshLink />
    </section>
  );
}

export function TotalPageError() {
  return (
    <section className="card" aria-labelledby="error-title">
      <h1 id="error-title">Sorry, the page encountered an error, please try refreshing</h1>
      <RefreshLink />
    </section>
  );
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
  const { helpCentreUrl } = useRootData();
  return (
    <section className="card" aria-labelledby="error-title">
      <h1 id="error-title">Sorry, something went wrong</h1>
      <p>Please refresh the page. If it keeps happening, contact us and we will help.</p>
      <div className="actions">
        <RefreshLink>Refresh</RefreshLink>
        {helpCentreUrl ? <a href={helpCentreUrl}>Contact us</a> : null}
      </div>
    </section>
  );
}

/**
 * What the seller sent with the form that met the outage (a plain post: no scripts), so nothing
 * typed is lost: shown, and ready to send again as it was (never an account number or a file).
 */
function KeptFormView() {
  const { keptForm } = useRootData();
  // Labelled on the server (kept-form.ts), so the labels stay out of every page's scripts.
  const fields = keptForm?.visible ?? [];
  if (!keptForm || !fields.length) return null;
  return (
    <section className="panel info" aria-labelledby="kept-title" data-testid="kept-form">
      <h2 id="kept-title">What you entered has not been sent</h2>
      <dl className="kept-fields">
        {fields.map((field) => (
          <div key={field.label}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
      <form method="post" action={keptForm.action}>
        {keptForm.fields.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <button className="btn" type="submit">
          Send it again
        </button>
      </form>
      <p className="small">Or keep a note of it, and try again later.</p>
    </section>
  );
}
