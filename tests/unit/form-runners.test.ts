// The shared pieces of the generic form and list renderer (renderer/forms): the action runner
// both use (what is asked, the call, the report of a failure, the message after it, in that
// order), the rowTable widget's one reading of its ui:options, and the preview registry.
import t from 'tap';
import { closeDialog, subscribeDialogs, currentDialog } from '../../renderer/app/dialog/dialog-store';
import { confirmed, runAction } from '../../renderer/forms/actions/run';
import { previewFor, registerPreview } from '../../renderer/forms/previews';
import { readRowTableOptions } from '../../renderer/forms/widgets/row-table/options';

/** Answers every dialog with `answer`, logging its text. */
function answerDialogs(log: string[], answer: boolean) {
  return subscribeDialogs(() => {
    const dialog = currentDialog();
    if (!dialog) return;
    log.push(`${dialog.kind}:${dialog.text}`);
    queueMicrotask(() => closeDialog(dialog.id, answer));
  });
}

t.test('runAction: asked first, then the call, then its message; the answer comes back', async (t) => {
  const log: string[] = [];
  const stop = answerDialogs(log, true);
  t.teardown(stop);
  const outcome = await runAction({
    before: async () => {
      log.push('before');
      return true;
    },
    call: async () => {
      log.push('call');
      return 42;
    },
    failed: async () => void log.push('failed'),
    done: (answer) => `done ${answer}`,
  });
  t.same(outcome, { answer: 42 });
  t.same(log, ['before', 'call', 'alert:done 42']);
});

t.test('runAction: a no before the call stops it; no call stops after asking', async (t) => {
  const log: string[] = [];
  const declined = await runAction({
    before: async () => false,
    call: async () => void log.push('call'),
    failed: async () => void log.push('failed'),
  });
  t.equal(declined, null);
  const noCall = await runAction({
    before: async () => (log.push('before'), true),
    call: undefined,
    failed: async () => void log.push('failed'),
    done: () => 'never',
  });
  t.equal(noCall, null);
  t.same(log, ['before'], 'nothing called, nothing reported');
});

t.test('runAction: a failed call is reported and shows no message after it', async (t) => {
  const log: string[] = [];
  const stop = answerDialogs(log, true);
  t.teardown(stop);
  const error = new Error('refused');
  let reported: unknown;
  const outcome = await runAction({
    call: async () => {
      throw error;
    },
    failed: async (e) => {
      reported = e;
    },
    done: () => 'done',
  });
  t.equal(outcome, null);
  t.equal(reported, error);
  t.same(log, []);
});

t.test('confirmed: no confirmation is a yes without a dialog; a confirmation returns the answer', async (t) => {
  const log: string[] = [];
  t.equal(await confirmed(undefined), true);
  t.same(log, []);
  const stopNo = answerDialogs(log, false);
  t.equal(await confirmed('消しますか'), false);
  stopNo();
  const stopYes = answerDialogs(log, true);
  t.equal(await confirmed('登録しますか'), true);
  stopYes();
  t.same(log, ['confirm:消しますか', 'confirm:登録しますか']);
});

t.test('rowTable options: defaults where a definition says nothing', async (t) => {
  const o = readRowTableOptions({}, undefined);
  t.same(o.columns, []);
  t.equal(o.categorySource, 'categoryList');
  t.same(o.newRow, {});
  t.equal(o.copyLabel, '予約設定');
  t.equal(o.transferLabel, '追加');
  t.same(o.transferEmpty, { message: 'ERR_0003', args: ['明細'] });
  t.equal(o.emptyText, '行がありません。「行追加」で追加してください。');
  t.equal(o.rowHeight, undefined);
  t.equal(o.fixedRows, false);
  t.equal(o.reorder, false);
  t.equal(o.removable, false);
  t.equal(readRowTableOptions({}, '現在の設定').copyLabel, '現在の設定', 'the label names the list');
});

t.test('rowTable options: values of the right type are read, others count as absent', async (t) => {
  const columns = [{ key: 'dispNo', label: '表示順', kind: 'text' }];
  const o = readRowTableOptions(
    {
      columns,
      categorySource: 'menuCategories',
      newRow: { selection: false },
      copyFrom: 'nowSettingList',
      copyLabel: '予約',
      rowHeight: 120,
      fixedRows: true,
      transferTo: 'chosen',
      transferLabel: '選択',
      rowKey: 'contentsId',
      filterBy: 'keyword',
      filterKeys: ['title', 7],
      reorder: true,
      removable: true,
      emptyText: 'なし',
      rowLabel: 'title',
    },
    'ラベル',
  );
  t.same(o.columns, columns);
  t.equal(o.categorySource, 'menuCategories');
  t.same(o.newRow, { selection: false });
  t.equal(o.copyFrom, 'nowSettingList');
  t.equal(o.copyLabel, '予約');
  t.equal(o.rowHeight, 120);
  t.equal(o.fixedRows, true);
  t.same([o.transferTo, o.transferLabel, o.rowKey, o.filterBy], ['chosen', '選択', 'contentsId', 'keyword']);
  t.same(o.filterKeys, ['title', '7']);
  t.same([o.reorder, o.removable, o.emptyText, o.rowLabel], [true, true, 'なし', 'title']);
  const wrong = readRowTableOptions(
    { columns: 'x', rowHeight: '120', fixedRows: 'true', newRow: null, filterKeys: 'title' },
    undefined,
  );
  t.same(wrong.columns, []);
  t.equal(wrong.rowHeight, undefined);
  t.equal(wrong.fixedRows, false);
  t.same(wrong.newRow, {});
  t.same(wrong.filterKeys, []);
});

t.test('previews: a definition names a preview a screen registered', async (t) => {
  t.equal(previewFor('event'), undefined, 'nothing until a screen registers it');
  const View = () => null;
  registerPreview('event', View);
  t.equal(previewFor('event'), View);
  t.equal(previewFor('content'), undefined, 'each name on its own');
});
