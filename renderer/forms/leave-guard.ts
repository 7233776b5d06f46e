// Typed input is not lost without a word (docs/forms.md, "Leaving a form"): while a declared form
// on a page has unsaved changes, leaving it asks first — a reload, closing the tab or typing
// another address through the browser's own question (`beforeunload`: browsers show their own
// text), a link, the header or the browser's back button through the router's blocker with
// CNF_0002, the confirmation that the in-screen 戻る asks. The form's own moves (after a save,
// after 戻る was confirmed) set `allowLeave` first and are never asked about.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { formatMessage } from '../../schemas/messages/format';
import { confirmMessage } from '../app/dialog';
import { hasSignedInSession } from '../app/session';

export interface LeaveGuardProps {
  /** Off for a read-only form. */
  enabled: boolean;
  /** Whether the record differs from what was loaded. */
  dirty: () => boolean;
  /** Set by the form before a move of its own. */
  allowLeave: RefObject<boolean>;
  /** After the user agreed to leave (gives an edit lock back). */
  onLeave?: () => void;
}

/** Drawn by page forms only: a router holds one blocker at a time, and a modal form is not a page. */
export function LeaveGuard(props: LeaveGuardProps): null {
  useLeaveGuard(props);
  return null;
}

function useLeaveGuard({ enabled, dirty, allowLeave, onLeave }: LeaveGuardProps): void {
  // A session that ended (logout, an expired session) has cleared itself before it moves to the
  // sign-in page: nothing is left to save, so that move is never held up.
  const guarding = useCallback(
    () => enabled && !allowLeave.current && hasSignedInSession() && dirty(),
    [enabled, allowLeave, dirty],
  );

  useEffect(() => {
    if (!enabled) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarding()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [enabled, guarding]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
      guarding(),
    [guarding],
  );
  const blocker = useBlocker(shouldBlock);
  // The latest blocker and onLeave, read when the question is answered (the form may re-render meanwhile).
  const latest = useRef({ blocker, onLeave });
  latest.current = { blocker, onLeave };

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmMessage(formatMessage('CNF_0002')).then((ok) => {
      const { blocker: current, onLeave: leave } = latest.current;
      if (current.state !== 'blocked') return;
      if (ok) {
        allowLeave.current = true;
        leave?.();
        current.proceed();
      } else current.reset();
    });
  }, [blocker.state, allowLeave]);
}
