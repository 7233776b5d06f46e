// The state of a loaded generic list and what its actions share: the search form's store, search
// or result mode, the rows with their edits and selection, sort and page (kept beside a restored
// search), the messages above the table, and loading, searching and clearing. A list that
// declares `paging` asks the server for the page it shows (with the sort and page size, and the
// cursors of the page shown so the server seeks from there) and gets the count with it.
// The selection is of the search's result, not of the page: it holds while pages turn, the sort
// or the page size changes (on every list alike, paged by the server or not), keeps the rows it
// chose (a paged list no longer holds them), and ends with a new search, a reload after a
// change, or clear (docs/forms.md "Paged lists").
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMessage } from '../../../schemas/messages/format';
import { useProcessing } from '../../app/use-processing';
import { ensureValidSession } from '../../components/session-check';
import { listFailure } from '../actions/failures';
import { messageText } from '../actions/run';
import { resultOf, runCall } from '../calls';
import { ruleContext, type CallSpec, type MessageRef } from '../definitions';
import { messageArgs, type Scope } from '../expressions';
import { FormStore, type FormRecord } from '../form-store';
import { initialRecord } from '../form-setup';
import { keyOf, type Edits, type Row, type SortState } from './rows';
import { storageSet, viewKey, type ListSetup, type SavedView } from './setup';

type Mode = 'search' | 'result';

/** The server's `paging` beside a page's rows (api/forms/list/paging.ts). */
interface PageAnswer {
  page: number;
  totalCount: number;
  first?: unknown[];
  last?: unknown[];
}

const pageAnswerOf = (data: unknown): PageAnswer | null => {
  const p = data && typeof data === 'object' ? (data as { paging?: unknown }).paging : undefined;
  return p && typeof p === 'object' && typeof (p as PageAnswer).page === 'number' ? (p as PageAnswer) : null;
};

export function useListController(setup: ListSetup, query: URLSearchParams) {
  const { definition: def, context } = setup;
  const navigate = useNavigate();
  const hasSearchMode = def.searchMode === true;
  const editableInResult = hasSearchMode && def.search?.editableInResult === true;
  const storageKey = def.search?.restore?.storageKey;
  const [searchStore] = useState(
    () =>
      new FormStore({
        idPrefix: `s-${def.id}`,
        rules: { rules: def.search?.rules ?? [] },
        context: ruleContext(context, 'search'),
        record: setup.restored ?? setup.initialSearch,
      }),
  );
  const [mode, setMode] = useState<Mode>(hasSearchMode ? 'search' : 'result');
  const [rows, setRows] = useState<Row[]>([]);
  const [edits, setEdits] = useState<Edits>({});
  /** Edited rows of a paged list that are off the page shown, as loaded: their edits hold. */
  const editedElsewhere = useRef<Map<string, Row>>(new Map());
  /** The chosen rows by key, with their values as loaded (off the page shown, too). */
  const [selected, setSelected] = useState<ReadonlyMap<string, Row>>(new Map());
  const [sort, setSort] = useState<SortState | null>(setup.restoredView?.sort ?? def.defaultSort ?? null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(setup.restoredView?.pageSize ?? def.pageSize);
  const paged = def.paging !== undefined;
  /** Paged lists: the count the server gave, the page it answered with its cursors, the conditions searched. */
  const [totalCount, setTotalCount] = useState(0);
  const shown = useRef<PageAnswer | null>(null);
  const searched = useRef<FormRecord>({});
  const [messages, setMessages] = useState<{ lines: string[]; scroll: number }>({ lines: [], scroll: 0 });
  const [modalForm, setModalForm] = useState<string | null>(null);
  const { processing, run } = useProcessing();
  const fileInput = useRef<HTMLInputElement>(null);
  const pendingUpload = useRef<{ row: Row; action: CallSpec } | null>(null);
  const started = useRef(false);
  const ctx = useMemo(() => ({ ...context }), [context]);

  const show = useCallback(
    (lines: string[]) => setMessages((m) => ({ lines, scroll: lines.length ? m.scroll + 1 : m.scroll })),
    [],
  );
  const showRef = (ref: MessageRef | undefined, fallback: string, scope: Scope = {}) =>
    show([ref ? formatMessage(ref.message, messageArgs(ref.args, scope)) : fallback]);

  /** A failed call: rule messages of a 400 (and the 416 of too many results, with no rows) above the table; anything else in the dialog. */
  const failed = listFailure(show, () => setRows([]));

  /** Keeps the page, page size and sort beside the stored search (restored with it). */
  const saveView = (patch: Partial<SavedView>) => {
    if (!storageKey) return;
    const current: SavedView = { page, pageSize, sort, ...patch };
    storageSet(viewKey(storageKey), { ...current });
  };

  /**
   * Loads the rows; a new search starts at page 1, a reload after a change stays on its page
   * (clamped to the last), a restored search opens on its saved page. A paged list loads that
   * page only (`view`: the sort or page size about to be shown).
   */
  const load = async (
    search: FormRecord,
    keepPage: boolean | number = false,
    view: { sort?: SortState | null; pageSize?: number } = {},
    keepSelection = false,
  ): Promise<boolean> => {
    try {
      let extra: Record<string, unknown> | undefined;
      if (paged) {
        const target = typeof keepPage === 'number' ? keepPage : keepPage ? page : 1;
        const at = shown.current;
        // The page shown is where the server seeks from (a page beside it, or itself again).
        const anchor =
          keepPage !== false && view.sort === undefined && view.pageSize === undefined && at?.first && at.last
            ? { page: at.page, first: at.first, last: at.last }
            : undefined;
        const order = view.sort === undefined ? sort : view.sort;
        extra = { paging: { page: target, pageSize: view.pageSize ?? pageSize, sort: order ?? undefined, anchor } };
      }
      const { data } = await runCall(def.load, { search, query, context: ctx }, extra);
      const list = resultOf(def.load, data);
      const loaded = Array.isArray(list) ? (list as Row[]) : [];
      if (keepSelection) keepEditsOffPage(loaded);
      else {
        setEdits({});
        editedElsewhere.current = new Map();
        setSelected(new Map());
      }
      setRows(loaded);
      if (paged) {
        const answer = pageAnswerOf(data);
        shown.current = answer;
        searched.current = search;
        setTotalCount(answer?.totalCount ?? loaded.length);
        setPage(answer?.page ?? 1);
        return true;
      }
      const last = Math.max(1, Math.ceil(loaded.length / pageSize));
      setPage((p) => (typeof keepPage === 'number' ? Math.min(keepPage, last) : keepPage ? Math.min(p, last) : 1));
      return true;
    } catch (error) {
      await failed(error);
      return false;
    }
  };

  /**
   * A page turn of a paged list keeps the edits like the selection: the edited rows leaving the
   * page are held as loaded, and a row coming back is compared with its loaded values again.
   */
  const keepEditsOffPage = (loaded: Row[]) => {
    const coming = new Set(loaded.map((r) => keyOf(def, r)));
    const held = new Map(editedElsewhere.current);
    for (const row of rows) {
      const key = keyOf(def, row);
      if (edits[key] && !coming.has(key)) held.set(key, row);
    }
    for (const key of coming) held.delete(key);
    editedElsewhere.current = held;
  };

  /**
   * Shows a page (and the sort or page size with it): a paged list asks the server for it with
   * the conditions last searched; the others only turn the page.
   */
  const showPage = (target: number, view: { sort?: SortState | null; pageSize?: number } = {}) => {
    if (view.sort !== undefined) setSort(view.sort);
    if (view.pageSize !== undefined) setPageSize(view.pageSize);
    if (!paged) {
      setPage(target);
      saveView({ page: target, ...view });
      return;
    }
    void run(async () => {
      if (!(await ensureValidSession())) return;
      if (await load(searched.current, target, view, true)) saveView({ page: target, ...view });
    });
  };

  const doSearch = (restoredPage?: number) =>
    run(async () => {
      const search = searchStore.getRecord();
      const results = searchStore.validateAll();
      searchStore.showResults(results, false);
      if (results.length > 0) {
        show(results.map((r) => formatMessage(r.messageId, r.args)));
        return;
      }
      show([]);
      if (!(await ensureValidSession())) return;
      if (await load(search, restoredPage ?? false)) {
        setMode('result');
        if (storageKey) {
          storageSet(storageKey, search);
          saveView({ page: restoredPage ?? 1 });
        }
      } else if (editableInResult) setMode('search');
    });

  // First view: a list without search mode loads at once; a restored search runs again.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!hasSearchMode) void run(async () => void (await load({})));
    else if (setup.restored) void doSearch(setup.restoredView?.page ?? 1);
  });

  /** Chooses or leaves the rows (one, or the page shown). */
  const select = (chosen: Row[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of chosen) {
        if (on) next.set(keyOf(def, row), row);
        else next.delete(keyOf(def, row));
      }
      return next;
    });
  const clearSelection = () => setSelected(new Map());

  const reload = async () => {
    if (!(await ensureValidSession())) return;
    await load(searchStore.getRecord());
  };

  const clear = () =>
    run(async () => {
      show([]);
      searchStore.clearResults();
      if (!hasSearchMode) {
        setSort(def.defaultSort ?? null);
        if (await ensureValidSession()) await load(searchStore.getRecord(), false, { sort: def.defaultSort ?? null });
        return;
      }
      const initial = () =>
        initialRecord({ initial: def.search?.initial } as never, { query, context: ctx, data: setup.data });
      // Conditions editable in result mode: clear resets them only; the rows and the last search
      // (what a form's 戻る restores) stay until the next search.
      if (editableInResult) {
        searchStore.replace(initial());
        return;
      }
      setRows([]);
      setSelected(new Map());
      setEdits({});
      editedElsewhere.current = new Map();
      if (mode === 'result') {
        searchStore.replace(initial());
        if (storageKey) {
          storageSet(storageKey, null);
          storageSet(viewKey(storageKey), null);
        }
        setMode('search');
      }
    });

  return {
    setup,
    def,
    query,
    navigate,
    hasSearchMode,
    editableInResult,
    searchStore,
    mode,
    rows,
    edits,
    setEdits,
    editedElsewhere,
    selected,
    select,
    clearSelection,
    sort,
    page,
    pageSize,
    paged,
    totalCount,
    showPage,
    messages,
    modalForm,
    setModalForm,
    processing,
    run,
    fileInput,
    pendingUpload,
    ctx,
    show,
    showRef,
    text: messageText,
    failed,
    saveView,
    load,
    doSearch,
    reload,
    clear,
  };
}

export type ListController = ReturnType<typeof useListController>;
