import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

import { SHELL_MESSAGES } from '#contract/shellMessages';
import { usePageMeta } from '@/hooks/usePageMeta';
import { isChunkLoadError } from '@/lib/chunks';

import { MAIN_ID } from './layouts/SkipLink';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The router's error element. A screen whose code could not be loaded shows
 * 'Loading chunk N failed' with its reason and a Retry; anything else shows 'Unexpected
 * Application Error!' with the error text. Either way there is a way home.
 * `standalone` is for errors above the layouts: it draws a minimal frame of its own.
 * Plain Bootstrap classes, not react-bootstrap components: this is part of every page's first download.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  usePageMeta(chunk ? 'Page could not load' : 'Something went wrong');
  if (!chunk) console.error(error);

  const body = (
    <div className="container py-5">
      <div className="mx-auto text-center" style={{ maxWidth: '36rem' }} role="alert">
        <p className="display-6 mb-3" aria-hidden="true">
          {chunk ? '⟳' : '⚠'}
        </p>
        {chunk ? (
          <>
            <h1 className="h3 mb-3">{error.message}</h1>
            <p className="text-body-secondary mb-2">
              This page&apos;s code did not reach your browser. It is usually a brief network hiccup, or we just
              released a new version. Retrying normally fixes it.
            </p>
            <p className="small text-body-secondary text-break mb-4">
              <span className="fw-semibold">Reason:</span> {error.reason}
            </p>
          </>
        ) : (
          <>
            <h1 className="h3 mb-3">{SHELL_MESSAGES.unexpectedError}</h1>
            <p className="text-body-secondary mb-2">Sorry, something went wrong on this page. The details are below.</p>
            <pre className="small text-danger-emphasis bg-body-tertiary border rounded p-3 text-wrap text-start mb-4">
              {describe(error)}
            </pre>
          </>
        )}
        <div className="d-flex flex-wrap justify-content-center gap-2">
          {chunk && (
            <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
              Retry
            </button>
          )}
          {standalone ? (
            // Above the router's layouts a full load is the surest way back.
            <a className={`btn ${chunk ? 'btn-outline-primary' : 'btn-primary'}`} href="/">
              Go to the home page
            </a>
          ) : (
            <Link className={`btn ${chunk ? 'btn-outline-primary' : 'btn-primary'}`} to="/">
              Go to the home page
            </Link>
          )}
        </div>
      </div>
    </div>
  );

  if (!standalone) return body;
  return (
    <div className="d-flex flex-column min-vh-100">
      <header className="border-bottom bg-body-tertiary">
        <div className="container py-2">
          <a href="/" className="navbar-brand fw-semibold d-inline-flex align-items-center gap-2 py-2">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            Giftwise
          </a>
        </div>
      </header>
      <main className="flex-grow-1" id={MAIN_ID} tabIndex={-1}>
        {body}
      </main>
    </div>
  );
}
