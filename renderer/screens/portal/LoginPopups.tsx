// Login popups of the portal top (spec 000 section 4): fetched as a list, shown one at a time,
// the next after closing; only with the login popup permission (category 15), and only once
// after sign-in (login-popups-due.ts).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { currentDialog, subscribeDialogs } from '../../app/dialog/dialog-store';
import { CATEGORY, hasCategoryPermission } from '../../components/data-scope';
import { reportWidgetFailure } from '../../components/widget-failure';
import { loginPopupsDone, loginPopupsDue } from './login-popups-due';
import { loadPopupData, loadPopupList, type PopupData, type PopupSummary } from './calls';
import { PopupModal } from './PopupModal';

export const POPUP_LIST_PART = 'ポップアップ一覧';

export function LoginPopups() {
  const [queue, setQueue] = useState<PopupSummary[]>([]);
  const [index, setIndex] = useState(0);
  const [current, setCurrent] = useState<PopupData | null>(null);
  const [loaded, setLoaded] = useState(false);
  const allowed = hasCategoryPermission(CATEGORY.loginPopup);
  const [due] = useState(loginPopupsDue);

  useEffect(() => {
    if (!allowed || !due) return;
    const controller = new AbortController();
    loadPopupList(controller.signal).then(
      (list) => {
        if (controller.signal.aborted) return;
        setQueue(list);
        setIndex(0);
        setLoaded(true);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) reportWidgetFailure(POPUP_LIST_PART, error);
      },
    );
    return () => controller.abort();
  }, [allowed, due]);

  useEffect(() => {
    const next = queue[index];
    if (!next) {
      // Every popup of the list was closed (or there was none): not again in this session.
      if (loaded) loginPopupsDone();
      return;
    }
    const controller = new AbortController();
    loadPopupData(next, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setCurrent(data);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        reportWidgetFailure(POPUP_LIST_PART, error);
        setIndex((i) => i + 1);
      },
    );
    return () => controller.abort();
  }, [queue, index, loaded]);

  // A popup opens only while no message is waiting in the dialog, so an error message is never
  // hidden behind it; once open it stays, and later messages appear above it.
  const messageOpen = useSyncExternalStore(subscribeDialogs, () => currentDialog() !== null);
  const currentKey = current ? `${current.categoryId}-${current.contentsId}` : null;
  const [shownKey, setShownKey] = useState<string | null>(null);
  useEffect(() => {
    if (currentKey && !messageOpen) setShownKey(currentKey);
  }, [currentKey, messageOpen]);

  if (!current || shownKey !== currentKey) return null;
  return (
    <PopupModal
      key={currentKey}
      popup={current}
      position={queue.length > 1 ? `${index + 1} / ${queue.length}` : undefined}
      onClose={() => {
        setCurrent(null);
        setIndex((i) => i + 1);
      }}
    />
  );
}
