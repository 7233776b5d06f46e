// The rows of a rowTable widget and what its buttons do to them: 行追加, 選択行削除, 下にコピー
// (asking CNF_0001 when this list is not empty), moving the selection to a sibling list, ↑ ↓,
// 除外, and the link check of a saved URL. Rows are written through the form store (a patch of
// the list's path), or through rjsf's onChange outside a generic form.
import { useRef } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { formatMessage } from '../../../../schemas/messages/format';
import { confirmMessage } from '../../../app/dialog';
import { interpolatePath } from '../../expressions';
import { storeOf, useRecordValue } from '../../use-form-store';
import type { RowTableOptions } from './options';
import { rowsOf, str, type Row } from './rows';

export function useRowTable(props: WidgetProps, o: RowTableOptions) {
  const { id, value, registry } = props;
  const store = storeOf(registry);
  const path = store ? store.pathOfId(id) : '';
  const categories = (
    store && Array.isArray(store.data[o.categorySource]) ? store.data[o.categorySource] : []
  ) as Row[];
  const rows = rowsOf(value);
  const source = useRecordValue(store, o.copyFrom);
  const transferred = rowsOf(useRecordValue(store, o.transferTo));
  const filter = str(useRecordValue(store, o.filterBy)).trim();
  const taken = new Set(o.transferTo && o.rowKey ? transferred.map((r) => str(r[o.rowKey])) : []);
  // Each shown row keeps its index in the list, so its cells keep their paths.
  const shown = rows
    .map((row, index) => ({ row, index }))
    .filter(
      ({ row }) =>
        !taken.has(str(row[o.rowKey])) && (filter === '' || o.filterKeys.some((k) => str(row[k]).includes(filter))),
    );
  const nameOf = (row: Row, i: number) => (o.rowLabel ? str(row[o.rowLabel]) : `${i + 1}行目`);
  // The URLs as loaded: the link check works only on a URL that was saved (ERR_0033).
  const saved = useRef(rows.map((r) => ({ ...r })));
  const previewUrl = o.preview && store ? interpolatePath(o.preview, { record: store.getRecord() }) : '';
  const previewReady = previewUrl !== '' && !/\/\/|\/$/.test(previewUrl.replace(/^https?:\/\//, ''));

  const current = () => rowsOf(store ? store.valueAt(path) : value);
  const setRows = (next: Row[]) => {
    if (store) store.patch({ [path]: next });
    else props.onChange(next);
  };
  const setCell = (index: number, values: Row) =>
    setRows(current().map((r, i) => (i === index ? { ...r, ...values } : r)));

  const add = () => setRows([...current(), { ...o.newRow }]);
  const removeSelected = () => {
    const list = current();
    if (!list.some((r) => r.selection === true)) {
      store?.showMessages([{ messageId: 'ERR_0003', args: ['明細'] }]);
      return;
    }
    setRows(list.filter((r) => r.selection !== true));
  };
  const copyDown = async () => {
    if (current().length > 0 && !(await confirmMessage(formatMessage('CNF_0001', [o.copyLabel, '下にコピー'])))) return;
    setRows(rowsOf(source).map((r) => ({ ...r, selection: false })));
  };
  const transfer = () => {
    const picked = shown.filter(({ row }) => row.selection === true).map(({ row }) => row);
    if (picked.length === 0) {
      store?.showMessages([{ messageId: o.transferEmpty.message, args: o.transferEmpty.args ?? [] }]);
      return;
    }
    store?.patch({
      [o.transferTo]: [...rowsOf(store.valueAt(o.transferTo)), ...picked.map(({ selection: _, ...r }) => r)],
      [path]: current().map((r) => ({ ...r, selection: false })),
    });
    store?.clearResults();
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...current()];
    next.splice(index + by, 0, ...next.splice(index, 1));
    setRows(next);
  };
  const removeAt = (index: number) => setRows(current().filter((_, i) => i !== index));

  const linkCheck = (index: number, url: string) => {
    const before = saved.current[index];
    if (!before || str(before.url) !== url || url === '') {
      store?.showMessages([{ messageId: 'ERR_0033' }]);
      return;
    }
    window.open(url, '_blank', 'noopener');
  };

  return {
    store,
    path,
    categories,
    rows,
    source: rowsOf(source),
    shown,
    nameOf,
    previewUrl,
    previewReady,
    setCell,
    add,
    removeSelected,
    copyDown,
    transfer,
    move,
    removeAt,
    linkCheck,
  };
}
