// The state of a loaded generic form and what its actions share: the store (record, rule
// messages), the processing flag, the create's idempotency keys, the scope of expressions, the
// workflow and edit lock (use-record-lock.ts), the moves after an action (to another page, the
// modal closed, another mode of this page, the form loaded again) and the leave guard's wiring
// (the form's own moves are never asked about; leaving with something unsaved asks CNF_0002).
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, type NavigateOptions, type To } from 'react-router-dom';
import { useProcessing } from '../app/use-processing';
import { formFailure } from './actions/failures';
import { messageText } from './actions/run';
import { ruleContext } from './definitions';
import { interpolatePath, type Scope } from './expressions';
import { FormStore } from './form-store';
import { useFormMessages } from './use-form-store';
import type { FormSetup } from './form-setup';
import { comparable } from './form-values';
import { storeHandoffQuery } from './handoff';
import { queryForMode, type EditMode } from './modes';
import { SubmissionKeys } from './submission-key';
import { useRecordLock } from './use-record-lock';
import { viewContext } from './visibility';

export interface FormControllerInput {
  formId: string;
  setup: FormSetup;
  display: 'page' | 'modal';
  query: URLSearchParams;
  /** Loads the form again (a new generation of FormView). */
  reload: () => void;
  heldKeys: Set<string>;
  onClose?: () => void;
  onSaved?: () => void;
  onTitle?: (title: string) => void;
}

export function useFormController({
  formId,
  setup,
  display,
  query,
  reload: reloadForm,
  heldKeys,
  onClose,
  onSaved,
  onTitle,
}: FormControllerInput) {
  const routerNavigate = useNavigate();
  // The form's own moves (after a save, after 戻る) are never asked about by the leave guard.
  const allowLeave = useRef(false);
  const navigate = useCallback(
    (to: To, options?: NavigateOptions) => {
      allowLeave.current = true;
      void routerNavigate(to, options);
    },
    [routerNavigate],
  );
  // A reload shows the same record again: the edit lock this screen holds is kept.
  const keepLock = useRef(false);
  const reload = useCallback(() => {
    keepLock.current = true;
    reloadForm();
  }, [reloadForm]);
  const { definition, mode, modeLabel, title } = setup;
  const viewCtx = useMemo(() => viewContext(mode, setup.data), [mode, setup.data]);
  const [store] = useState(
    () =>
      new FormStore({
        idPrefix: `f-${formId}`,
        rules: definition,
        context: ruleContext(setup.context, mode),
        record: setup.record,
        data: setup.data,
        effects: definition.effects,
        effectContext: viewCtx,
      }),
  );
  const { processing, run } = useProcessing();
  // One Idempotency-Key per submission of a create: a retry of the same body reuses it.
  const [submissionKeys] = useState(() => new SubmissionKeys());
  const { lines, scrollRequest } = useFormMessages(store);

  useLayoutEffect(() => onTitle?.(title), [onTitle, title]);

  const lock = useRecordLock({ setup, query, navigate, reload, keepLock, heldKeys });

  const scope = useCallback(
    (extra: Partial<Scope> = {}): Scope => ({
      record: store.getRecord(),
      query,
      mode: { name: mode, label: modeLabel },
      context: { ...setup.context },
      data: setup.data,
      ...extra,
    }),
    [store, query, mode, modeLabel, setup.context, setup.data],
  );

  const failed = formFailure(store);

  /** After an action: the modal closes, or the page goes to `to`. */
  const leave = (to: string | undefined, s: Scope) => {
    if (display === 'modal') onClose?.();
    else if (to) navigate(interpolatePath(to, s));
  };

  /** This page in another mode (modes.ts); the same URL loads the form again. */
  const goToMode = (next: EditMode, id?: unknown) => {
    const search = queryForMode(query, definition.mode, next, id).toString();
    if (definition.handoff) {
      // The context lives in session storage (handoff.ts): write the new mode there and load again.
      storeHandoffQuery(definition.handoff, new URLSearchParams(search));
      reload();
    } else if (search === query.toString()) reload();
    else navigate({ search: search ? `?${search}` : '' }, { replace: true });
    if (display === 'page') window.scrollTo({ top: 0 });
  };

  // Leaving asks to confirm (CNF_0002) only when something was changed since the form loaded.
  const [loaded] = useState(() => comparable(setup.record));
  const edited = useCallback(() => comparable(store.getRecord()) !== loaded, [store, loaded]);
  // Leaving the page otherwise (reload, the browser's back, a link) asks too while something is unsaved.
  const releaseHeld = lock.releaseHeld;
  const leaveAgreed = useCallback(() => releaseHeld(false), [releaseHeld]);

  return {
    setup,
    definition,
    mode,
    modeLabel,
    title,
    display,
    query,
    actions: definition.actions ?? {},
    viewCtx,
    store,
    processing,
    run,
    submissionKeys,
    lines,
    scrollRequest,
    lock,
    heldKeys,
    navigate,
    allowLeave,
    reload,
    scope,
    text: messageText,
    failed,
    leave,
    goToMode,
    edited,
    leaveAgreed,
    onClose,
    onSaved,
  };
}

export type FormController = ReturnType<typeof useFormController>;
