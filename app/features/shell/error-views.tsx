import { Link } from '@remix-run/react';
import type { ComponentType, ReactNode } from 'react';
import type { RootData } from './root-data';

/**
 * The error views of docs/behaviour/shell.md#other-views and docs/behaviour/errors.md#catalogue, but for the one a lost connection needs (LoadFailure, in
 * error-boundary.tsx). Their code is fetched only when a page fails (ADR 012). What they show comes
 * in by props, and they import nothing of the app's: a module loaded on its own that imported the
 * shell would split the shell's scripts into many small files.
 */
export type ErrorViewKind = 'not-found' | 'outage' | 'server' | 'total';

export interface ErrorViewProps {
  kind: ErrorViewKind;
  /** The platform's words, for an outage. */
  message?: string;
  helpCentreUrl: string;
  keptForm: RootData['keptForm'];
  RefreshLink: ComponentType<{ children?: ReactNode }>;
}

export default function ErrorView({ kind, message = '', helpCentreUrl, keptForm, RefreshLink }: ErrorViewProps) {
  switch (kind) {
    case 'not-found':
      return <NotFound />;
    case 'outage':
      return <PlatformOutage message={message} keptForm={keptForm} RefreshLink={RefreshLink} />;
    case 'total':
      return <TotalPageError RefreshLink={RefreshLink} />;
    default:
      return <ServerError helpCentreUrl={helpCentreUrl} RefreshLink={RefreshLink} />;
  }
}

type Refresh = Pick<ErrorViewProps, 'RefreshLink'>;

/** The page's data could not be loaded because the platform failed: the page-load failure of docs/behaviour/errors.md#error-pages. */
function PlatformOutage({ message, keptForm, RefreshLink }: { message: string } & Pick<ErrorViewProps, 'keptForm'> & Refresh) {
  return (
    <section className="card" aria-labelledby="error-title">
      <h1 id="error-title">Sorry, we couldn't load this page</h1>
      <p>{message}</p>
      <p>Anything you have already saved is safe.</p>
      <KeptFormView keptForm={keptForm} />
      <RefreshLink />
    </section>
  );
}

function TotalPageError({ RefreshLink }: Refresh) {
  return (
    <section className="card" aria-labelledby="error-title">
      <h1 id="error-title">Sorry, the page encountered an error, please try refreshing</h1>
      <RefreshLink />
    </section>
  );
}

function NotFound() {
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

function ServerError({ helpCentreUrl, RefreshLink }: Pick<ErrorViewProps, 'helpCentreUrl'> & Refresh) {
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
function KeptFormView({ keptForm }: Pick<ErrorViewProps, 'keptForm'>) {
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
