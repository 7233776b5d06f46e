// A form with a workflow (store.workflow): its state and buttons, the chosen status, the preview
// of a record (`mode.readOnly`) and the edit lock of the record (store.locks). The lock is taken
// when the form opens (a record another user holds opens as a preview, CNF_0011), kept over a
// reload of the same record, and given back when the screen is left.
import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import type { NavigateOptions, To } from 'react-router-dom';
import { formatMessage } from '../../schemas/messages/format';
import { apiPost, errorMessageText } from '../api/client';
import { alertMessage, confirmMessage } from '../app/dialog';
import { effectiveIds } from '../app/session';
import { FORM_ERROR_POLICY } from './actions/failures';
import { locksOf, releaseEditLock, takeEditLock, type Post } from './edit-lock';
import { evaluate, isFilledValue } from './expressions';
import type { FormSetup } from './form-setup';
import { queryParamOf } from './modes';
import { storedStatus, workflowState } from './workflow';

interface RecordLockInput {
  setup: FormSetup;
  query: URLSearchParams;
  navigate: (to: To, options?: NavigateOptions) => void;
  reload: () => void;
  /** Set by a reload: the lock stays with the screen. */
  keepLock: MutableRefObject<boolean>;
  /** Records whose lock this screen holds, kept across reloads. */
  heldKeys: Set<string>;
}

export function useRecordLock({ setup, query, navigate, reload, keepLock, heldKeys }: RecordLockInput) {
  const { definition, mode } = setup;
  const recordKey = definition.mode?.id ? setup.record[definition.mode.id] : undefined;
  const readOnlyParam = definition.mode?.readOnly ? queryParamOf(definition.mode.readOnly) : null;
  const readOnly = definition.mode?.readOnly ? isFilledValue(evaluate(definition.mode.readOnly, { query })) : false;
  const flow = useMemo(() => {
    const spec = definition.store?.workflow;
    return spec
      ? workflowState(
          definition,
          storedStatus(spec, setup.record, mode === 'update' && isFilledValue(recordKey)),
          readOnly,
        )
      : undefined;
  }, [definition, setup.record, mode, recordKey, readOnly]);
  // A preview of a record its side may still act on offers 編集する (the same route without the parameter).
  const editFromPreview = useMemo(() => {
    const spec = definition.store?.workflow;
    if (!spec || !readOnly || !readOnlyParam) return false;
    return (
      (workflowState(definition, storedStatus(spec, setup.record, mode === 'update' && isFilledValue(recordKey)), false)
        ?.buttons.length ?? 0) > 0
    );
  }, [definition, setup.record, mode, recordKey, readOnly, readOnlyParam]);
  const [chosenStatus, setChosenStatus] = useState(flow?.from ?? '');
  const locks = locksOf(definition);
  const held = useRef(false);
  const post: Post = useCallback((path, body) => apiPost<unknown>(path, { ...effectiveIds(), ...body }), []);
  const ask = useCallback((messageId: string) => confirmMessage(formatMessage(messageId)), []);
  useEffect(() => {
    if (!flow?.locks || !locks || !isFilledValue(recordKey)) return;
    if (heldKeys.has(String(recordKey))) {
      held.current = true;
      return;
    }
    let live = true;
    void (async () => {
      try {
        const outcome = await takeEditLock(locks, String(recordKey), post, ask);
        if (!live) return;
        if (outcome === 'preview' && readOnlyParam) {
          const next = new URLSearchParams(window.location.search);
          next.set(readOnlyParam, '1');
          navigate({ search: `?${next.toString()}` }, { replace: true });
        } else {
          held.current = outcome === 'locked';
          if (held.current) heldKeys.add(String(recordKey));
        }
      } catch (error) {
        await alertMessage(errorMessageText(error, FORM_ERROR_POLICY));
      }
    })();
    return () => {
      live = false;
    };
  }, [flow?.locks, locks, recordKey, post, ask, navigate, readOnlyParam, heldKeys]);

  // The lock goes back when the screen is left without 戻る: another screen (unmount), or the page
  // hidden — a closed tab, a reload, another address — by a keep-alive fetch that still carries the
  // bearer token (sendBeacon cannot). Back from the browser's page cache, the form loads again and
  // asks for the lock anew. The lock's expiry stays the fallback.
  const releaseHeld = useCallback(
    (keepalive: boolean) => {
      if (!held.current || !locks || !isFilledValue(recordKey)) return;
      held.current = false;
      heldKeys.delete(String(recordKey));
      void releaseEditLock(locks, String(recordKey), (path, body) =>
        apiPost<unknown>(path, { ...effectiveIds(), ...body }, { keepalive }),
      );
    },
    [locks, recordKey, heldKeys],
  );
  useEffect(() => {
    const onHide = () => releaseHeld(true);
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) reload();
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
    };
  }, [releaseHeld, reload]);
  useEffect(
    () => () => {
      if (!keepLock.current) releaseHeld(false);
    },
    [releaseHeld, keepLock],
  );

  return {
    flow,
    readOnly,
    readOnlyParam,
    editFromPreview,
    chosenStatus,
    setChosenStatus,
    locks,
    recordKey,
    held,
    post,
    ask,
    releaseHeld,
  };
}
