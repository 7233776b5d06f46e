// The selection of a form's delete call (api/forms/delete-many.ts): the list is found where
// the body template says "=selected{…}", keys are parsed and deduplicated, an empty selection is
// ERR_0003 明細 and an element without a key ERR_0009.
import t from 'tap';
import { selectedKeys, selectionPath } from '../../api/forms/delete-many';

const call = { call: '/api/LoginPopupReg/DeletePopupData', body: { popupIdList: '=selected{categoryId,contentsId}' } };
const messages = (fn: () => unknown) => {
  try {
    fn();
    return [];
  } catch (e) {
    return ((e as { body?: { messages?: { messageId: string; args: string[] }[] } }).body?.messages ?? []).map(
      (m) => `${m.messageId}:${m.args.join(',')}`,
    );
  }
};

t.same(selectionPath(call.body), ['popupIdList']);
t.same(selectionPath({ wrap: { rows: '=selected{a}' }, other: '=record' }), ['wrap', 'rows']);
t.equal(selectionPath({ a: '=record' }), null);
t.same(
  selectedKeys(
    call,
    { popupIdList: [{ contentsId: 3 }, { contentsId: '4' }, { contentsId: 3 }] },
    'contentsId',
    true,
    'ログインポップアップ',
  ),
  [3, 4],
);
t.same(
  messages(() => selectedKeys(call, { popupIdList: [] }, 'contentsId', true, 'x')),
  ['ERR_0003:明細'],
);
t.same(
  messages(() => selectedKeys(call, {}, 'contentsId', true, 'x')),
  ['ERR_0003:明細'],
);
t.same(
  messages(() =>
    selectedKeys(call, { popupIdList: [{ contentsId: 'abc' }] }, 'contentsId', true, 'ログインポップアップ'),
  ),
  ['ERR_0009:ログインポップアップ'],
);
