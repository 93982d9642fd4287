import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { peekReturnPath } from '@/lib/drafts';
import { ACCOUNT_SETUP_PATH, accountSetupStep } from '@/lib/account-setup';

/**
 * Signed-in routes send a visitor without a session to /, replacing the entry.
 * An account with a pending step (a temporary password, a required second factor) sees only the
 * screen that finishes it: the server refuses everything else meanwhile.
 */
export function RequireAuth() {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session) return <Navigate to="/" replace />;
  if (accountSetupStep(session.user) && pathname !== ACCOUNT_SETUP_PATH)
    return <Navigate to={ACCOUNT_SETUP_PATH} replace />;
  return <Outlet />;
}

/**
 * An authenticated user on the sign-in page goes on to /dashboard; after an expired
 * session that kept unsaved input, back to the page that held it (lib/drafts.ts); first to the
 * account's pending step, if any.
 */
export function PublicOnly() {
  const session = useSession();
  if (!session) return <Outlet />;
  const next = accountSetupStep(session.user) ? ACCOUNT_SETUP_PATH : (peekReturnPath() ?? '/dashboard');
  return <Navigate to={next} replace />;
}
