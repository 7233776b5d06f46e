// Loads one piece of a screen from the API when the component mounts (and again when the key
// changes): loading, ready with the data, or failed with the text to show in place. A newer
// load or unmounting aborts the running one, so a late answer never lands on a newer state.
import { useEffect, useState } from 'react';

export type Remote<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

/**
 * @param key     reload when it changes; null loads nothing (status idle)
 * @param load    the call; gets the abort signal
 * @param onError turns a failure into the inline text (and tells the user)
 */
export function useRemote<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  onError: (error: unknown) => string,
): Remote<T> {
  const [state, setState] = useState<{ key: string | null; remote: Remote<T> }>({
    key: null,
    remote: { status: 'idle' },
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState({ key, remote: { status: 'loading' } });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, remote: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ key, remote: { status: 'failed', message: onError(error) } });
      },
    );
    return () => controller.abort();
    // load and onError are taken from the render where the key changed (on purpose not deps).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [key]);

  if (key === null) return { status: 'idle' };
  if (state.key !== key) return { status: 'loading' };
  return state.remote;
}
