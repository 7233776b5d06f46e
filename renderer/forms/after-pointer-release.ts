// A field is checked when it loses focus, and its message is drawn in the list above the form.
// When the focus is lost because a button is being clicked, that message moves the button down
// between the press and the release, the release lands beside it and the click is lost (the
// submit never runs, and only the blurred field's message shows). So a check that follows a
// blur waits until the pointer is released and its click has been dispatched.
let pressed = false;
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  document.addEventListener('pointerdown', () => (pressed = true), true);
  const release = () => (pressed = false);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/** Runs `run` after the current task, and after the pointer is released if it is pressed now. */
export function afterPointerRelease(run: () => void): void {
  install();
  if (!pressed) {
    setTimeout(run, 0);
    return;
  }
  const done = () => {
    document.removeEventListener('pointerup', done, true);
    document.removeEventListener('pointercancel', done, true);
    // After the click that follows the release.
    setTimeout(run, 0);
  };
  document.addEventListener('pointerup', done, true);
  document.addEventListener('pointercancel', done, true);
}
