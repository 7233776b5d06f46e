// The generic list (DESIGN.md section 1): a definition of schemas/lists drawn as a screen.
//  - search mode / result mode (searchMode): the search form (rjsf, our widgets, its rules run by
//    the shared engine) finds rows; search mode shows none; `search.data` is one initial-data
//    call for initial values and options; `restore` brings the last search back, with its page,
//    page size and sort, when the page is opened with ?isResearch=true; clear follows
//    `search.clear`; `editableInResult` keeps the conditions editable after a search (clear
//    then resets them only);
//  - the table: sortable columns (first click in the column's default direction), pages of
//    `pageSize` (or of the size chosen from `pageSizes`), flag and link cells, selection for
//    delete (nothing selected: `empty` message, ERR_0003 明細),
//    editable columns with changed-row marking, row styles, row actions (a page, a download,
//    a file upload checked by the rules of the form it names);
//  - buttons: search, delete, back, clear, update (changed rows; none: `unchanged`), new (a page
//    or the form in a modal), each enabled in the modes it lists.
// Messages appear one per line above the table; writes and reloads check the session first.
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate, useSearchParams, type To } from 'react-router-dom';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { formatMessage } from '../../../schemas/messages/format';
import { validateField, type RuleResult } from '../../../schemas/rules/engine';
import { errorMessageText, isApiError } from '../../api/client';
import { alertMessage, confirmMessage } from '../../app/dialog';
import { WayBack } from '../../app/errors/RefusedScreen';
import { Pager } from '../../components/Pager';
import { ensureValidSession } from '../../components/session-check';
import { useRemote } from '../../components/use-remote';
import { resultOf, runCall } from '../calls';
import { loadFormDefinition, loadListDefinition, ruleContext, titleFor, type CallSpec, type DefinitionContext, type ListColumn, type ListDefinition, type MessageRef } from '../definitions';
import { ErrorList } from '../ErrorList';
import { writeHandoff } from '../handoff';
import { interpolatePath, messageArgs, type Scope } from '../expressions';
import { FormStore, type FormRecord } from '../form-store';
import { initialRecord, loadChoices, withChoices } from '../form-setup';
import { FormBody } from '../FormView';
import { FormModal } from '../FormModal';
import { localFileEntry, type LocalFileEntry } from '../local-files';
import { useProcessing } from '../../app/use-processing';
import { isChanged, keyOf, nextSort, shownRow, sortRows, type Edits, type Row, type SortState } from './rows';
import { ListTable } from './ListTable';
import layout from '../FormLayout.module.css';
import styles from './ListPage.module.css';

type Mode = 'search' | 'result';

interface ListSetup {
  definition: ListDefinition;
  context: DefinitionContext;
  searchUiSchema: UiSchema;
  restored: FormRecord | null;
  /** The page, page size and sort of the restored search. */
  restoredView: SavedView | null;
  initialSearch: FormRecord;
  /** The answer of `search.data` (initial values read it again on clear). */
  data: Record<string, unknown>;
}

/** What the table showed, kept beside the search conditions (`<storageKey>:view`). */
interface SavedView {
  page: number;
  pageSize: number;
  sort: SortState | null;
}

const viewKey = (storageKey: string) => `${storageKey}:view`;

function savedView(def: ListDefinition, value: FormRecord | null): SavedView | null {
  if (!value) return null;
  const sizes = def.pageSizes ?? [def.pageSize];
  const size = typeof value.pageSize === 'number' && sizes.includes(value.pageSize) ? value.pageSize : def.pageSize;
  const page = typeof value.page === 'number' && Number.isInteger(value.page) && value.page > 0 ? value.page : 1;
  const s = value.sort as Partial<SortState> | null | undefined;
  const sortable = s && def.columns.some((c) => c.sortable && c.key === s.column) && (s.direction === 'asc' || s.direction === 'desc');
  return { page, pageSize: size, sort: sortable ? { column: s.column!, direction: s.direction! } : (def.defaultSort ?? null) };
}

function storageGet(key: string): FormRecord | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as FormRecord) : null;
  } catch {
    return null;
  }
}

function storageSet(key: string, value: FormRecord | null): void {
  try {
    if (value) window.sessionStorage.setItem(key, JSON.stringify(value));
    else window.sessionStorage.removeItem(key);
  } catch {
    // storage unavailable: the search is simply not restored
  }
}

async function setUpList(listId: string, query: URLSearchParams): Promise<ListSetup> {
  const { definition, context } = await loadListDefinition(listId);
  const search = definition.search;
  const base: Scope = { query, context: { ...context } };
  const answer = search?.data ? resultOf(search.data, (await runCall(search.data, base)).data) : undefined;
  const data = answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {};
  const scope: Scope = { ...base, data };
  const initialSearch = search ? initialRecord({ initial: search.initial } as never, scope) : {};
  const choices = search ? await loadChoices(search.options, data, scope) : {};
  const restore = search?.restore;
  const restoring = Boolean(restore?.storageKey && restore.query && query.get(restore.query) === 'true');
  const restored = restoring ? storageGet(restore!.storageKey!) : null;
  const restoredView = restored ? savedView(definition, storageGet(viewKey(restore!.storageKey!))) : null;
  return { definition, context, searchUiSchema: withChoices(search?.uiSchema ?? {}, choices), restored, restoredView, initialSearch, data };
}

export function ListPage({ listId }: { listId: string }) {
  const [query] = useSearchParams();
  const remote = useRemote<ListSetup>(`${listId}?${query.toString()}`, () => setUpList(listId, query), (e) => errorMessageText(e));
  if (remote.status === 'failed') {
    return (
      <section className={layout.panel}>
        <p className={layout.loadError} role="alert">
          {remote.message}
        </p>
        <div className={layout.loadErrorActions}>
          <WayBack />
        </div>
      </section>
    );
  }
  if (remote.status !== 'ready') {
    return (
      <section className={layout.panel}>
        <div className={layout.loading} role="status">
          <span className={layout.spinner} aria-hidden="true" />
          読み込み中です…
        </div>
      </section>
    );
  }
  return <LoadedList key={`${listId}?${query.toString()}`} setup={remote.data} query={query} />;
}

function LoadedList({ setup, query }: { setup: ListSetup; query: URLSearchParams }) {
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
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [sort, setSort] = useState<SortState | null>(setup.restoredView?.sort ?? def.defaultSort ?? null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(setup.restoredView?.pageSize ?? def.pageSize);
  const [messages, setMessages] = useState<{ lines: string[]; scroll: number }>({ lines: [], scroll: 0 });
  const [modalForm, setModalForm] = useState<string | null>(null);
  const { processing, run } = useProcessing();
  const fileInput = useRef<HTMLInputElement>(null);
  const pendingUpload = useRef<{ row: Row; action: CallSpec } | null>(null);
  const started = useRef(false);
  const ctx = useMemo(() => ({ ...context }) as Record<string, unknown>, [context]);

  const show = useCallback((lines: string[]) => setMessages((m) => ({ lines, scroll: lines.length ? m.scroll + 1 : m.scroll })), []);
  const showRef = (ref: MessageRef | undefined, fallback: string, scope: Scope = {}) => show([ref ? formatMessage(ref.message, messageArgs(ref.args, scope)) : fallback]);
  const text = (ref: MessageRef, scope: Scope) => formatMessage(ref.message, messageArgs(ref.args, scope));

  /** A failed call: rule messages of a 400 (and the 416 of too many results, with no rows) above the table; anything else in the dialog. */
  const failed = async (error: unknown) => {
    if (isApiError(error) && (error.status === 400 || error.status === 416) && error.messages) {
      show(error.messages.map((m) => formatMessage(m.messageId, m.args)));
      if (error.status === 416) setRows([]);
      return;
    }
    await alertMessage(errorMessageText(error));
  };

  /** Keeps the page, page size and sort beside the stored search (restored with it). */
  const saveView = (patch: Partial<SavedView>) => {
    if (!storageKey) return;
    const current: SavedView = { page, pageSize, sort, ...patch };
    storageSet(viewKey(storageKey), { ...current });
  };

  /**
   * Loads the rows; a new search starts at page 1, a reload after a change stays on its page
   * (clamped to the last), a restored search opens on its saved page.
   */
  const load = async (search: FormRecord, keepPage: boolean | number = false): Promise<boolean> => {
    try {
      const { data } = await runCall(def.load, { search, query, context: ctx });
      const list = resultOf(def.load, data);
      const loaded = Array.isArray(list) ? (list as Row[]) : [];
      setRows(loaded);
      setEdits({});
      setSelected(new Set());
      const last = Math.max(1, Math.ceil(loaded.length / pageSize));
      setPage((p) => (typeof keepPage === 'number' ? Math.min(keepPage, last) : keepPage ? Math.min(p, last) : 1));
      return true;
    } catch (error) {
      await failed(error);
      return false;
    }
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
        await reload();
        return;
      }
      const initial = () => initialRecord({ initial: def.search?.initial } as never, { query, context: ctx, data: setup.data });
      // Conditions editable in result mode: clear resets them only; the rows and the last search
      // (what a form's 戻る restores) stay until the next search.
      if (editableInResult) {
        searchStore.replace(initial());
        return;
      }
      setRows([]);
      setSelected(new Set());
      setEdits({});
      if (mode === 'result') {
        searchStore.replace(initial());
        if (storageKey) {
          storageSet(storageKey, null);
          storageSet(viewKey(storageKey), null);
        }
        setMode('search');
      }
    });

  const selectedRows = () => rows.filter((r) => selected.has(keyOf(def, r)));
  const changedRows = () => rows.filter((r) => isChanged(def, r, edits)).map((r) => shownRow(def, r, edits));

  const remove = () =>
    run(async () => {
      const call = def.selection?.delete;
      if (!call) return;
      const chosen = selectedRows();
      if (chosen.length === 0) {
        showRef(call.empty, formatMessage('ERR_0003', ['明細']));
        return;
      }
      show([]);
      const scope: Scope = { selected: chosen, search: searchStore.getRecord(), context: ctx };
      if (!(await confirmMessage(call.confirm ? text(call.confirm, scope) : formatMessage('CNF_0004')))) return;
      if (!(await ensureValidSession())) return;
      try {
        await runCall(call, scope);
      } catch (error) {
        await failed(error);
        return;
      }
      if (call.done) await alertMessage(text(call.done, scope));
      await load(searchStore.getRecord(), true);
    });

  const update = () =>
    run(async () => {
      const edit = def.edit;
      if (!edit) return;
      const changed = changedRows();
      if (changed.length === 0) {
        showRef(edit.update.unchanged, formatMessage('ERR_0008', ['']));
        return;
      }
      if (edit.form) {
        const { definition: form, context: formContext } = await loadFormDefinition(edit.form);
        const results: RuleResult[] = [];
        for (const row of changed) {
          for (const column of edit.columns) results.push(...validateField(form, { [column]: row[column] }, column, ruleContext(formContext, 'update')));
        }
        if (results.length > 0) {
          show([...new Set(results.map((r) => formatMessage(r.messageId, r.args)))]);
          return;
        }
      }
      show([]);
      const scope: Scope = { changed, search: searchStore.getRecord(), context: ctx };
      if (edit.update.confirm && !(await confirmMessage(text(edit.update.confirm, scope)))) return;
      if (!(await ensureValidSession())) return;
      try {
        await runCall(edit.update, scope);
      } catch (error) {
        await failed(error);
        return;
      }
      if (edit.update.done) await alertMessage(text(edit.update.done, scope));
      await load(searchStore.getRecord(), true);
    });

  /** Where a link cell goes (a row action with `to`), and the context it hands over on the way. */
  const linkOf = (row: Row, column: ListColumn): { to: To; onFollow: () => void } | null => {
    const action = def.rowActions?.[column.action ?? ''];
    if (!action || 'call' in action) return null;
    const scope: Scope = { row: shownRow(def, row, edits), search: searchStore.getRecord(), context: ctx };
    return { to: interpolatePath(action.to, scope), onFollow: () => writeHandoff(action.handoff, scope) };
  };

  const rowAction = (row: Row, column: ListColumn) => {
    const action = def.rowActions?.[column.action ?? ''];
    if (!action) return;
    const scope: Scope = { row: shownRow(def, row, edits), search: searchStore.getRecord(), context: ctx };
    if (!('call' in action)) {
      writeHandoff(action.handoff, scope);
      navigate(interpolatePath(action.to, scope));
      return;
    }
    if (action.file) {
      pendingUpload.current = { row, action };
      if (fileInput.current) {
        fileInput.current.accept = action.file.accept ?? '';
        fileInput.current.click();
      }
      return;
    }
    void run(async () => {
      if (!(await ensureValidSession())) return;
      try {
        const outcome = await runCall(action, scope);
        if (outcome.empty) show([formatMessage('ERR_0009', ['データ'])]);
      } catch (error) {
        await failed(error);
        return;
      }
      if (action.done) await alertMessage(text(action.done, scope));
    });
  };

  const uploadPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    const pending = pendingUpload.current;
    pendingUpload.current = null;
    if (!file || !pending) return;
    void run(async () => {
      const { row, action } = pending;
      const spec = action.file!;
      const entry: LocalFileEntry = await localFileEntry(file, /csv/i.test(spec.accept ?? file.name));
      const { definition: form, context: formContext } = await loadFormDefinition(spec.form);
      const results = validateField(form, { [spec.field]: entry }, spec.field, ruleContext(formContext, 'update'));
      if (results.length > 0) {
        show([...new Set(results.map((r) => formatMessage(r.messageId, r.args)))]);
        return;
      }
      show([]);
      const scope: Scope = { row: shownRow(def, row, edits), file: entry, search: searchStore.getRecord(), context: ctx };
      if (action.confirm && !(await confirmMessage(text(action.confirm, scope)))) return;
      if (!(await ensureValidSession())) return;
      try {
        await runCall(action, scope);
      } catch (error) {
        await failed(error);
        return;
      }
      if (action.done) await alertMessage(text(action.done, scope));
      await load(searchStore.getRecord(), true);
    });
  };

  const button = (b: NonNullable<ListDefinition['buttons']>[number]) => {
    switch (b.action) {
      case 'search':
        return doSearch();
      case 'delete':
        return remove();
      case 'update':
        return update();
      case 'clear':
        return clear();
      case 'back':
        return b.to ? navigate(interpolatePath(b.to, { search: searchStore.getRecord() })) : navigate(-1);
      case 'new':
        if (b.form && b.display === 'modal') return setModalForm(b.form);
        if (b.to) {
          writeHandoff(b.handoff, { search: searchStore.getRecord(), context: ctx });
          return navigate(interpolatePath(b.to, { search: searchStore.getRecord(), context: ctx }));
        }
        return undefined;
      default:
        return undefined;
    }
  };

  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  const currentPage = Math.min(page, pageCount);
  const pageRows = sorted.slice((currentPage - 1) * pageSize, currentPage * pageSize);
  const turnPage = (p: number) => {
    setPage(p);
    saveView({ page: p });
  };
  const buttons = def.buttons ?? [];
  const enabled = (b: (typeof buttons)[number]) => !b.modes || b.modes.includes(mode);
  const backButtons = buttons.filter((b) => b.action === 'back');
  const otherButtons = buttons.filter((b) => b.action !== 'back' && b.action !== 'search');
  const searchButton = buttons.find((b) => b.action === 'search');
  const title = titleFor(def.title, mode);

  return (
    <section className={layout.panel} aria-labelledby={`${def.id}-title`}>
      <div className={layout.panelHeader}>
        <h1 id={`${def.id}-title`} className={layout.title}>
          {title}
        </h1>
        {hasSearchMode && <span className={styles.modeTag}>{mode === 'search' ? '検索条件を入力してください' : '検索結果'}</span>}
      </div>
      <div className={layout.panelBody}>
        {def.description && <p className={layout.lead}>{def.description}</p>}
        <ErrorList lines={messages.lines} scrollRequest={messages.scroll} />
        {def.search && (
          <div className={styles.search}>
            <FormBody
              store={searchStore}
              schema={def.search.schema as RJSFSchema}
              uiSchema={setup.searchUiSchema}
              onSubmit={() => (mode === 'search' || editableInResult ? doSearch() : undefined)}
              layout="columns"
              disabled={(mode === 'result' && !editableInResult) || processing}
            >
              {searchButton ? (
                <div className={styles.searchButtons}>
                  <button type="submit" className="btn btn-primary" disabled={(!enabled(searchButton) && !editableInResult) || processing}>
                    {searchButton.label}
                  </button>
                </div>
              ) : (
                <></>
              )}
            </FormBody>
          </div>
        )}
        <div className={styles.toolbar}>
          {backButtons.map((b) => (
            <button key={b.action} type="button" className="btn btn-secondary" onClick={() => void button(b)} disabled={processing}>
              {b.label}
            </button>
          ))}
          <div className={styles.toolbarEnd}>
            {otherButtons.map((b) => (
              <button
                key={b.action}
                type="button"
                className={`btn ${b.action === 'new' || b.action === 'update' ? 'btn-primary' : b.action === 'delete' ? `btn-secondary ${styles.danger}` : 'btn-secondary'}`}
                onClick={() => void button(b)}
                disabled={processing || !enabled(b)}
              >
                {b.label}
              </button>
            ))}
          </div>
        </div>
        {mode === 'result' && (
          <>
            {rows.length === 0 ? (
              <p className={styles.empty} role="status">
                {processing ? '読み込み中です…' : hasSearchMode ? formatMessage('WRN_0002', ['データ']) : '登録されているデータはありません。'}
              </p>
            ) : (
              <>
                {def.pageSizes && (
                  <div className={styles.resultBar}>
                    <label className={styles.pageSize}>
                      表示件数
                      <select
                        className="input"
                        value={pageSize}
                        disabled={processing}
                        onChange={(e) => {
                          const size = Number(e.target.value);
                          setPageSize(size);
                          setPage(1);
                          saveView({ pageSize: size, page: 1 });
                        }}
                      >
                        {def.pageSizes.map((n) => (
                          <option key={n} value={n}>{`${n}件`}</option>
                        ))}
                      </select>
                    </label>
                  </div>
                )}
                <ListTable
                  def={def}
                  rows={pageRows}
                  edits={edits}
                  selected={selected}
                  sort={sort}
                  context={ctx}
                  disabled={processing}
                  onSort={(column) => {
                    const next = nextSort(sort, column);
                    setSort(next);
                    setPage(1);
                    saveView({ sort: next, page: 1 });
                  }}
                  linkOf={linkOf}
                  onSelect={(key, on) =>
                    setSelected((s) => {
                      const next = new Set(s);
                      if (on) next.add(key);
                      else next.delete(key);
                      return next;
                    })
                  }
                  onSelectPage={(on) =>
                    setSelected((s) => {
                      const next = new Set(s);
                      for (const r of pageRows) {
                        if (on) next.add(keyOf(def, r));
                        else next.delete(keyOf(def, r));
                      }
                      return next;
                    })
                  }
                  onEdit={(row, column, value) => setEdits((e) => ({ ...e, [keyOf(def, row)]: { ...e[keyOf(def, row)], [column]: value } }))}
                  onAction={rowAction}
                />
                <Pager page={currentPage} totalCount={sorted.length} pageSize={pageSize} onChange={turnPage} label={`${title}のページ送り`} />
              </>
            )}
          </>
        )}
      </div>
      <input ref={fileInput} type="file" className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={uploadPicked} />
      {modalForm && (
        <FormModal
          formId={modalForm}
          open
          onClose={() => setModalForm(null)}
          onSaved={() => {
            setModalForm(null);
            show([]);
            void run(reload);
          }}
        />
      )}
    </section>
  );
}
