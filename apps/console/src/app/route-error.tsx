import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Last-resort screen for an error no screen handled, e.g. a chunk that failed to load. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      {detail && <p className="text-muted-foreground">{detail}</p>}
      <p className="text-muted-foreground">Reload the page, or go back to the start.</p>
      <Link className="text-primary underline" to="/">
        Return to Home
      </Link>
    </main>
  );
}
