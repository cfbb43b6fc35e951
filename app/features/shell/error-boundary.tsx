import { isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import type { ErrorViewKind } from './error-views';
import { reportToServer } from '~/features/shell/client-report';
import { useRootData } from './root-data';

/**
 * The views of a failed page load with it, not with every page (ADR 012): a server-rendered error
 * page fetches them as it hydrates, and a failed navigation as it fails. When they cannot be
 * fetched, the connection is the problem, and LoadFailure (here) says so.
 */
const LazyErrorView = lazy(() => import('./error-views').catch(() => ({ default: LoadFailure })));

function ErrorView({ kind, message }: { kind: ErrorViewKind; message?: string }) {
  const { helpCentreUrl, keptForm } = useRootData();
  return (
    <Suspense fallback={null}>
      <LazyErrorView kind={kind} message={message} helpCentreUrl={helpCentreUrl} keptForm={keptForm} RefreshLink={RefreshLink} />
    </Suspense>
  );
}

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
 * The error views of docs/behaviour/shell.md#other-views and docs/behaviour/errors.md#catalogue. Remix renders a route's boundary in place of the route
 * and clears it on the next navigation, so the page recovers as soon as the seller moves on.
 * Unexpected errors are logged on the server, never shown.
 */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Record<number, (data: unknown) => ReactNode | null> }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const custom = statusHandlers[error.status]?.(error.data);
    if (custom) return <>{custom}</>;
    if (error.status === 404) return <ErrorView kind="not-found" />;
    const outage = outageMessage(error.data);
    if (outage) return <ErrorView kind="outage" message={outage} />;
  }
  if (isLoadFailure(error)) return <LoadFailure />;
  return <ErrorView kind="server" />;
}

/** The root's boundary: the whole page failed to render (docs/behaviour/errors.md#catalogue, total page error). */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorView kind="not-found" />;
  const outage = isRouteErrorResponse(error) ? outageMessage(error.data) : null;
  if (outage) return <ErrorView kind="outage" message={outage} />;
  if (isLoadFailure(error)) return <LoadFailure />;
  return <ErrorView kind="total" />;
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

/** What a loader throws when the platform is down or slow (failures.server.ts loadOrOutage). */
function outageMessage(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const { outage, message } = data as { outage?: unknown; message?: unknown };
  return outage === true && typeof message === 'string' ? message : null;
}
