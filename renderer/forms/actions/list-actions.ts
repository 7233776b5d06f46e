// The buttons and row actions of a generic list (docs/forms.md "Buttons"), run on the list's
// controller with the runners the forms use (run.ts): a list asks its confirmation before it
// checks the session, and reports a failure above the table.
//   delete  → the selection (none: the `empty` message, else ERR_0003 明細), its confirm
//             (CNF_0004), the call, done, the rows loaded again on the same page
//   update  → the rows whose editable columns changed (none: `unchanged`), checked by the rules
//             of `edit.form`, confirm, the call, done, loaded again
//   a row   → a page (`to`, with its `handoff`), a download (an empty one: ERR_0009), or a file
//             picked, checked by the rules of the form it names, confirmed with =file.count
//   back, clear, new (a page or the form in a modal), search
import type { ChangeEvent } from 'react';
import type { To } from 'react-router-dom';
import { formatMessage } from '../../../schemas/messages/format';
import { validateField, type RuleResult } from '../../../schemas/rules/engine';
import { ensureValidSession } from '../../components/session-check';
import { runCall } from '../calls';
import { loadFormDefinition, ruleContext, type ListColumn, type ListDefinition } from '../definitions';
import { interpolatePath, type Scope } from '../expressions';
import { writeHandoff } from '../handoff';
import { localFileEntry, type LocalFileEntry } from '../local-files';
import { isChanged, keyOf, shownRow, type Row } from '../list/rows';
import type { ListController } from '../list/use-list-controller';
import { confirmThenSession } from './asking';
import { runAction } from './run';

export function listActions(l: ListController) {
  const { def, rows, edits, editedElsewhere, selected, searchStore, ctx, run, show, showRef, text, failed, load } = l;
  const { navigate } = l;

  // The chosen rows the list holds, in its order; then those of other pages of a paged list, as
  // they were when chosen.
  const selectedRows = () => {
    const held = rows.filter((r) => selected.has(keyOf(def, r)));
    const heldKeys = new Set(held.map((r) => keyOf(def, r)));
    return [...held, ...[...selected].filter(([key]) => !heldKeys.has(key)).map(([, row]) => row)];
  };
  // The changed rows of the page shown, then those of other pages of a paged list.
  const changedRows = () =>
    [...rows, ...editedElsewhere.current.values()]
      .filter((r) => isChanged(def, r, edits))
      .map((r) => shownRow(def, r, edits));

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
      const outcome = await runAction({
        before: confirmThenSession(call.confirm ? text(call.confirm, scope) : formatMessage('CNF_0004')),
        call: () => runCall(call, scope),
        failed,
        done: () => call.done && text(call.done, scope),
      });
      if (outcome) await load(searchStore.getRecord(), true);
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
          for (const column of edit.columns)
            results.push(...validateField(form, { [column]: row[column] }, column, ruleContext(formContext, 'update')));
        }
        if (results.length > 0) {
          show([...new Set(results.map((r) => formatMessage(r.messageId, r.args)))]);
          return;
        }
      }
      show([]);
      const scope: Scope = { changed, search: searchStore.getRecord(), context: ctx };
      const outcome = await runAction({
        before: confirmThenSession(edit.update.confirm && text(edit.update.confirm, scope)),
        call: () => runCall(edit.update, scope),
        failed,
        done: () => edit.update.done && text(edit.update.done, scope),
      });
      if (outcome) await load(searchStore.getRecord(), true);
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
      void navigate(interpolatePath(action.to, scope));
      return;
    }
    if (action.file) {
      l.pendingUpload.current = { row, action };
      if (l.fileInput.current) {
        l.fileInput.current.accept = action.file.accept ?? '';
        l.fileInput.current.click();
      }
      return;
    }
    void run(async () => {
      await runAction({
        before: ensureValidSession,
        call: async () => {
          const outcome = await runCall(action, scope);
          if (outcome.empty) show([formatMessage('ERR_0009', ['データ'])]);
        },
        failed,
        done: () => action.done && text(action.done, scope),
      });
    });
  };

  const uploadPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    const pending = l.pendingUpload.current;
    l.pendingUpload.current = null;
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
      const scope: Scope = {
        row: shownRow(def, row, edits),
        file: entry,
        search: searchStore.getRecord(),
        context: ctx,
      };
      const outcome = await runAction({
        before: confirmThenSession(action.confirm && text(action.confirm, scope)),
        call: () => runCall(action, scope),
        failed,
        done: () => action.done && text(action.done, scope),
      });
      if (outcome) await load(searchStore.getRecord(), true);
    });
  };

  const button = (b: NonNullable<ListDefinition['buttons']>[number]) => {
    switch (b.action) {
      case 'search':
        return l.doSearch();
      case 'delete':
        return remove();
      case 'update':
        return update();
      case 'clear':
        return l.clear();
      case 'back':
        return b.to ? navigate(interpolatePath(b.to, { search: searchStore.getRecord() })) : navigate(-1);
      case 'new':
        if (b.form && b.display === 'modal') return l.setModalForm(b.form);
        if (b.to) {
          writeHandoff(b.handoff, { search: searchStore.getRecord(), context: ctx });
          return navigate(interpolatePath(b.to, { search: searchStore.getRecord(), context: ctx }));
        }
        return undefined;
      default:
        return undefined;
    }
  };

  return { linkOf, rowAction, uploadPicked, button };
}
