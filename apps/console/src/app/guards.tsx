import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/session';
import { peekReturnPath } from '@/lib/drafts';

/** SPEC.md 2.1 and 4.1: signed-in routes send a visitor without a session to /, replacing the entry. */
export function RequireAuth() {
  const session = useSession();
  if (!session) return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * SPEC.md 2.3: an authenticated user on the sign-in page goes on to /dashboard; after an expired
 * session that kept unsaved input, back to the page that held it (lib/drafts.ts).
 */
export function PublicOnly() {
  const session = useSession();
  if (session) return <Navigate to={peekReturnPath() ?? '/dashboard'} replace />;
  return <Outlet />;
}
