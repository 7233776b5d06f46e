// What the viewer calls an audited entity and its fields (docs/audit.md, "Reading a row"): a
// declared form names its entity (store.audit) and titles its fields, so a row of that entity is
// labelled by that form. Several forms may share an entity (お知らせ登録, スキルアップ登録 and
// イベント登録 all write content): the row takes the form that titles most of its fields.
// Entities written outside the forms are named here.
import type { DefinitionSet, FormDefinition } from '../../schemas/meta/types';

const OTHER_ENTITIES: Record<string, string> = {
  pseudo_login: '代理ログイン',
  business_date: '業務日付',
  mail_outbox: '送信エラーメール',
  registered_companies: '登録企業取込',
  incentive_monthly_figures: 'インセンティブ実績取込',
  event_entries: 'イベント申込ダウンロード',
};

/** Fields of the rows written outside the forms (and hook extras such as a segment's codes) that no form titles. */
const OTHER_FIELDS: Record<string, string> = {
  businessDate: '業務日付',
  agCode: '代理店コード',
  userId: 'ユーザーID',
  status: '状態',
  fileName: 'ファイル名',
  uploadFileName: 'ファイル名',
  rowCount: '件数',
  liveCount: '有効な申込件数',
  uploadDataCnt: '件数',
  agCodes: '代理店コード一覧',
  importId: '取込ID',
  dispOrder: '表示順',
  value: '値',
};

export const ACTION_LABELS: Record<string, string> = {
  create: '登録',
  update: '更新',
  delete: '削除',
  upload: 'アップロード',
  import: '取込',
  download: 'ダウンロード',
};

interface FormLabels {
  title: string;
  titles: Map<string, string>;
  /** Per field, what its stored values are called on the form (a choice's label). */
  choices: Map<string, Map<string, string>>;
  order: string[];
}

// The displayTarget widget's own choices when the form names none (schemas/meta/widget-options/display-target.ts).
const DISPLAY_TARGET_VALUES = ['0', '1', '2'];
const DISPLAY_TARGET_LABELS = ['全代理店', 'AGセグメント', '代理店コード'];

type Json = Record<string, unknown>;
const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number') ? v.map(String) : undefined;

/** The labelled choices of one field: enum + ui:enumNames, oneOf const/title, or a displayTarget's values/labels. */
function choicesOf(prop: Json, ui: Json | undefined): Map<string, string> | undefined {
  const pairs = (values?: string[], labels?: string[]) =>
    values && labels && values.length === labels.length ? new Map(values.map((v, i) => [v, labels[i]!])) : undefined;
  const options = (ui?.['ui:options'] ?? {}) as Json;
  if (ui?.['ui:widget'] === 'displayTarget')
    return pairs(strings(options.values) ?? DISPLAY_TARGET_VALUES, strings(options.labels) ?? DISPLAY_TARGET_LABELS);
  const byEnum = pairs(strings(prop.enum), strings(ui?.['ui:enumNames']));
  if (byEnum) return byEnum;
  if (Array.isArray(prop.oneOf)) {
    const items = prop.oneOf as Json[];
    return pairs(strings(items.map((i) => i.const)), strings(items.map((i) => i.title)));
  }
  return undefined;
}

export interface EntityLabeller {
  /** The entities a person can pick, with their screen names. */
  options(): { value: string; text: string }[];
  /** The screen name and field labels for one row of `entity` holding these fields. */
  forRow(
    entity: string,
    record: Record<string, unknown>,
    categoryName: (id: number) => string | undefined,
  ): {
    screen: string;
    label: (f: string) => string;
    /** The form's name for a stored value of the field (undefined: shown as stored). */
    choice: (f: string, value: unknown) => string | undefined;
    order: string[];
  };
}

function formLabels(form: FormDefinition): FormLabels {
  const titles = new Map<string, string>();
  const choices = new Map<string, Map<string, string>>();
  const props = (form.schema.properties ?? {}) as Record<string, Json>;
  const uiSchema = (form.uiSchema ?? {}) as Record<string, Json | undefined>;
  for (const [key, p] of Object.entries(props)) {
    if (typeof p?.title === 'string' && p.title) titles.set(key, p.title);
    const c = p ? choicesOf(p, uiSchema[key]) : undefined;
    if (c) choices.set(key, c);
  }
  const title =
    typeof form.title === 'string' ? form.title : (form.title.new ?? Object.values(form.title)[0] ?? form.id);
  return { title, titles, choices, order: Object.keys(props) };
}

export function entityLabeller(set: DefinitionSet): EntityLabeller {
  // Read at each call: in dev mode the definitions are reloaded in place.
  const byEntity = () => {
    const map = new Map<string, FormLabels[]>();
    for (const form of set.forms.values()) {
      const entity = form.store?.audit;
      if (!entity) continue;
      map.set(entity, [...(map.get(entity) ?? []), formLabels(form)]);
    }
    return map;
  };
  return {
    options() {
      const forms = byEntity();
      // A title shared by the content forms ({categoryName}登録) is said once, for all categories.
      const out = [...forms].map(([value, fs]) => ({
        value,
        text: [...new Set(fs.map((f) => f.title.replaceAll('{categoryName}', 'コンテンツ')))].join('・'),
      }));
      for (const [value, text] of Object.entries(OTHER_ENTITIES)) if (!forms.has(value)) out.push({ value, text });
      return out.sort((a, b) => (a.value < b.value ? -1 : 1));
    },
    forRow(entity, record, categoryName) {
      const fields = Object.keys(record);
      const candidates = byEntity().get(entity) ?? [];
      let best: FormLabels | undefined;
      let bestScore = -1;
      for (const f of candidates) {
        const score = fields.filter((k) => f.titles.has(k)).length;
        if (score > bestScore) [best, bestScore] = [f, score];
      }
      if (!best)
        return {
          screen: OTHER_ENTITIES[entity] ?? entity,
          label: (f) => OTHER_FIELDS[f] ?? f,
          choice: () => undefined,
          order: [],
        };
      const chosen = best;
      // A field only another form of the entity titles still gets that title.
      const label = (f: string) => chosen.titles.get(f) ?? candidates.map((c) => c.titles.get(f)).find(Boolean) ?? f;
      // The content forms' title names the row's category (お知らせ登録, FAQ登録 …).
      const categoryId = Number(record.contentsCategoryId ?? record.categoryId);
      const screen = chosen.title.replaceAll('{categoryName}', categoryName(categoryId) ?? 'コンテンツ');
      const choice = (f: string, value: unknown) =>
        typeof value === 'string' || typeof value === 'number' ? chosen.choices.get(f)?.get(String(value)) : undefined;
      return { screen, label, choice, order: chosen.order };
    },
  };
}
