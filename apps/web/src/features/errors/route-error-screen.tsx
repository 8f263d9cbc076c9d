import { ErrorCatalogue } from '@store/domain';
import { Button } from '@store/ui';
import { useEffect, useMemo, useRef } from 'react';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { useLocale } from '../../lib/locale';
import { NotFoundPage } from '../layout';
import { RENDER_ERROR_CODE, reportRenderError, rethrowOutsideReact, withGenericCode } from './report-render-error';

/**
 * The router's error element: a page that fails to render (or whose code cannot be fetched) shows
 * the generic message with its code inside the store's layout, in place of the router's developer
 * screen, and the error is reported and rethrown as a section's is.
 */
export function RouteErrorScreen() {
  const thrown = useRouteError();
  const { pathname } = useLocation();
  const locale = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  const notFound = isRouteErrorResponse(thrown) && thrown.status === 404;
  const error = useMemo(() => withGenericCode(thrown), [thrown]);

  useEffect(() => {
    if (notFound) return;
    // The path only: a query string can carry a reset or sign-in token.
    if (reportRenderError(error, `route:${pathname}`, { dev: import.meta.env.DEV })) rethrowOutsideReact(error);
  }, [error, notFound, pathname]);

  useEffect(() => {
    // The page the shopper was using is gone: the focus starts again at what replaced it.
    heading.current?.focus();
  }, [error]);

  if (notFound) return <NotFoundPage />;
  return (
    <div className="page render-error-page" data-testid="route-error" data-code={RENDER_ERROR_CODE}>
      <h1 ref={heading} tabIndex={-1}>
        Something went wrong
      </h1>
      <div role="alert">
        <p className="render-error__message">{ErrorCatalogue.GENERIC.message}</p>
        <p className="render-error__code">Error code: {RENDER_ERROR_CODE}</p>
      </div>
      <p className="render-error__actions">
        <Button variant="primary" onClick={() => window.location.reload()}>
          Try again
        </Button>{' '}
        <Link to={`/${locale.urlFriendly}/`}>Go to the store</Link>
      </p>
    </div>
  );
}
