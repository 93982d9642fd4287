import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export const UNSAVED_CHANGES_QUESTION = 'You have unsaved changes. Are you sure you want to leave?';

/**
 * Leaving with unsaved input asks first, on in-app navigation and on
 * closing or reloading the tab.
 */
export function useUnsavedChangesGuard(dirty: boolean): { allowLeaving: () => void } {
  // set just before leaving after a save, when the render that clears `dirty` has not run yet
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the question only when returnValue is set
      event.returnValue = UNSAVED_CHANGES_QUESTION;
      return UNSAVED_CHANGES_QUESTION;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    allowLeaving: () => {
      allowed.current = true;
    },
  };
}
