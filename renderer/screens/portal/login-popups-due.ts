// The login popups are shown once, after sign-in (spec 000 section 4 "Login popups"), not each
// time the portal top is shown again in the same session (logo click, reload). Sign-in marks
// them due; the portal top shows them while the mark is there and removes it when the last one
// is closed, so a reload in the middle of the queue (a popup that must be confirmed) still
// shows the rest. localStorage, like the session itself, so another tab agrees.
const DUE_KEY = 'loginPopupsDue';

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function markLoginPopupsDue(): void {
  store()?.setItem(DUE_KEY, '1');
}

export function loginPopupsDue(): boolean {
  return store()?.getItem(DUE_KEY) === '1';
}

export function loginPopupsDone(): void {
  store()?.removeItem(DUE_KEY);
}
