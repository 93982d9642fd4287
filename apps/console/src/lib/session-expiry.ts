import { toast } from '@/lib/toast';
import { clearSession, getSession } from './session';
import { saveDirtyDrafts, setReturnPath } from './drafts';

/**
 * The server refused our token (expired, revoked, user disabled). Unsaved form input is kept as
 * drafts and the path remembered so that signing in again leads back to it; then the session
 * ends, and the route guard takes the editor to the sign-in page.
 */
export function endExpiredSession(): void {
  // Parallel calls can all meet the 401; the first one ends the session.
  if (!getSession()) return;
  const keptDrafts = saveDirtyDrafts();
  if (keptDrafts) setReturnPath(window.location.pathname + window.location.search);
  clearSession();
  toast({
    title: 'Session ended',
    description: keptDrafts
      ? 'Please sign in again. Your unsaved changes are kept and will be restored.'
      : 'Please sign in again.',
  });
}
