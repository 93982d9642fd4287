import { clearSession } from './session';
import { saveDirtyDrafts, setReturnPath } from './drafts';

/**
 * The server refused our token (expired, revoked, user disabled). Unsaved form input is kept as
 * drafts and the path remembered so that signing in again leads back to it; then the session
 * ends, and the route guard takes the editor to the sign-in page.
 */
export function endExpiredSession(): void {
  if (saveDirtyDrafts()) setReturnPath(window.location.pathname + window.location.search);
  clearSession();
}
