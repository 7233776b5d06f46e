// Japanese for the few labels rjsf draws itself (array buttons, empty lists). Messages never come
// from rjsf: validation is the rule engine's, its texts the catalogue's.
import { englishStringTranslator, TranslatableString } from '@rjsf/utils';

const JA: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: '項目',
  [TranslatableString.EmptyArray]: '項目がありません。',
  [TranslatableString.YesLabel]: 'はい',
  [TranslatableString.NoLabel]: 'いいえ',
  [TranslatableString.CloseLabel]: '閉じる',
  [TranslatableString.ErrorsLabel]: 'エラー',
  [TranslatableString.NewStringDefault]: '',
  [TranslatableString.AddButton]: '追加',
  [TranslatableString.AddItemButton]: '行を追加',
  [TranslatableString.CopyButton]: 'コピー',
  [TranslatableString.MoveDownButton]: '下へ',
  [TranslatableString.MoveUpButton]: '上へ',
  [TranslatableString.RemoveButton]: '削除',
  [TranslatableString.NowLabel]: '現在',
  [TranslatableString.ClearLabel]: 'クリア',
  [TranslatableString.AriaDateLabel]: '日付を選択',
  [TranslatableString.ClearButton]: '入力を消去',
};

export function translateString(key: TranslatableString, params?: string[]): string {
  return JA[key] ?? englishStringTranslator(key, params);
}
