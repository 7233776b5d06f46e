// The generic list (docs/decisions.md section 1): a definition of schemas/lists drawn as a screen.
//  - search mode / result mode (searchMode): the search form (rjsf, our widgets, its rules run by
//    the shared engine) finds rows; search mode shows none; `search.data` is one initial-data
//    call for initial values and options; `restore` brings the last search back, with its page,
//    page size and sort, when the page is opened with ?isResearch=true; clear follows
//    `search.clear`; `editableInResult` keeps the conditions editable after a search (clear
//    then resets them only);
//  - the table: sortable columns (first click in the column's default direction), pages of
//    `pageSize` (or of the size chosen from `pageSizes`; a list with `paging` gets each page and
//    its order from the server), flag and link cells, selection for delete across pages, its
//    count (N件選択中) and 選択を解除 above the table (nothing selected: `empty` message, ERR_0003 明細),
//    editable columns with changed-row marking, row styles, row actions (a page, a download,
//    a file upload checked by the rules of the form it names);
//  - buttons: search, delete, back, clear, update (changed rows; none: `unchanged`), new (a page
//    or the form in a modal), each enabled in the modes it lists.
// Messages appear one per line above the table; writes and reloads check the session first.
// Its parts: setup.ts (before it draws), use-list-controller.ts (its state, search, clear),
// ../actions/list-actions.ts (delete, update, row actions, the other buttons).
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatMessage } from '../../../schemas/messages/format';
import { errorMessageText } from '../../api/client';
import { WayBack } from '../../app/errors/RefusedScreen';
import { Pager } from '../../components/Pager';
import { useRemote } from '../../components/use-remote';
import { listActions } from '../actions/list-actions';
import { titleFor } from '../definitions';
import { ErrorList } from '../ErrorList';
import { FormBody } from '../FormBody';
import { FormModal } from '../FormModal';
import { keyOf, nextSort, sortRows } from './rows';
import { setUpList, type ListSetup } from './setup';
import { ListTable } from './ListTable';
import { useListController } from './use-list-controller';
import layout from '../FormLayout.module.css';
import styles from './ListPage.module.css';

export function ListPage({ listId }: { listId: string }) {
  const [query] = useSearchParams();
  const remote = useRemote<ListSetup>(
    `${listId}?${query.toString()}`,
    () => setUpList(listId, query),
    (e) => errorMessageText(e),
  );
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
  const l = useListController(setup, query);
  const {
    def,
    rows,
    edits,
    setEdits,
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
    processing,
    run,
    show,
    mode,
    hasSearchMode,
    editableInResult,
    doSearch,
    reload,
  } = l;
  const { linkOf, rowAction, uploadPicked, button } = listActions(l);

  // A paged list holds the page the server sent, in the server's order; the others page here.
  const sorted = useMemo(() => (paged ? rows : sortRows(rows, sort)), [paged, rows, sort]);
  const count = paged ? totalCount : sorted.length;
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const currentPage = Math.min(page, pageCount);
  const pageRows = paged ? rows : sorted.slice((currentPage - 1) * pageSize, currentPage * pageSize);
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
        {hasSearchMode && (
          <span className={styles.modeTag}>{mode === 'search' ? '検索条件を入力してください' : '検索結果'}</span>
        )}
      </div>
      <div className={layout.panelBody}>
        {def.description && <p className={layout.lead}>{def.description}</p>}
        <ErrorList lines={messages.lines} scrollRequest={messages.scroll} />
        {def.search && (
          <div className={styles.search}>
            <FormBody
              store={l.searchStore}
              schema={def.search.schema}
              uiSchema={setup.searchUiSchema}
              onSubmit={() => {
                if (mode === 'search' || editableInResult) void doSearch();
              }}
              layout="columns"
              disabled={(mode === 'result' && !editableInResult) || processing}
            >
              {searchButton ? (
                <div className={styles.searchButtons}>
                  <button
                    type="submit"
                    className="btn btn-primary"
                    disabled={(!enabled(searchButton) && !editableInResult) || processing}
                  >
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
            <button
              key={b.action}
              type="button"
              className="btn btn-secondary"
              onClick={() => void button(b)}
              disabled={processing}
            >
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
                {processing
                  ? '読み込み中です…'
                  : hasSearchMode
                    ? formatMessage('WRN_0002', ['データ'])
                    : '登録されているデータはありません。'}
              </p>
            ) : (
              <>
                {(def.pageSizes || def.selection) && (
                  <div className={styles.resultBar}>
                    {def.selection && (
                      <SelectionCount count={selected.size} disabled={processing} onClear={clearSelection} />
                    )}
                    {def.pageSizes && (
                      <label className={styles.pageSize}>
                        表示件数
                        <select
                          className="input"
                          value={pageSize}
                          disabled={processing}
                          onChange={(e) => {
                            showPage(1, { pageSize: Number(e.target.value) });
                          }}
                        >
                          {def.pageSizes.map((n) => (
                            <option key={n} value={n}>{`${n}件`}</option>
                          ))}
                        </select>
                      </label>
                    )}
                  </div>
                )}
                <ListTable
                  def={def}
                  rows={pageRows}
                  edits={edits}
                  selected={selected}
                  sort={sort}
                  context={l.ctx}
                  disabled={processing}
                  onSort={(column) => {
                    showPage(1, { sort: nextSort(sort, column) });
                  }}
                  linkOf={linkOf}
                  onSelect={(row, on) => select([row], on)}
                  onSelectPage={(on) => select(pageRows, on)}
                  onEdit={(row, column, value) =>
                    setEdits((e) => ({ ...e, [keyOf(def, row)]: { ...e[keyOf(def, row)], [column]: value } }))
                  }
                  onAction={rowAction}
                />
                <Pager
                  page={currentPage}
                  totalCount={count}
                  pageSize={pageSize}
                  onChange={(p) => showPage(p)}
                  label={`${title}のページ送り`}
                />
              </>
            )}
          </>
        )}
      </div>
      <input
        ref={l.fileInput}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={uploadPicked}
      />
      {l.modalForm && (
        <FormModal
          formId={l.modalForm}
          open
          onClose={() => l.setModalForm(null)}
          onSaved={() => {
            l.setModalForm(null);
            show([]);
            void run(reload);
          }}
        />
      )}
    </section>
  );
}

/**
 * How many rows are chosen, across pages: a row chosen on another page is deleted too, so the
 * count stays in sight (and is announced) wherever the list is turned; 選択を解除 drops them all.
 */
function SelectionCount({ count, disabled, onClear }: { count: number; disabled: boolean; onClear: () => void }) {
  return (
    <div className={styles.selectionCount}>
      <span role="status" aria-live="polite">
        {count > 0 ? `${count}件選択中` : ''}
      </span>
      {count > 0 && (
        <button type="button" className="btn btn-secondary" onClick={onClear} disabled={disabled}>
          選択を解除
        </button>
      )}
    </div>
  );
}
