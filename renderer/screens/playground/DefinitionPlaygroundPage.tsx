// The definition playground (npm run dev only: routes.tsx adds it under import.meta.env.DEV and
// the API's calls exist only with DEV_MODE). A provider administrator picks any form or list
// definition and sees, side by side, the form drawn by the generic renderer on sample values
// (nothing loaded, nothing saved), its rules with their message codes and Japanese texts and
// which of them fire as one types, the schema check's problems, and the file's JSON. An edit of
// the file shows here within a moment (follow-definitions.ts), keeping what was typed.
import {
  Component,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MutableRefObject,
  type ReactNode,
} from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RuleResult } from '../../../schemas/rules/engine';
import type { FormDefinition, ListDefinition } from '../../../schemas/meta/types';
import { errorMessageText } from '../../api/client';
import { useRemote } from '../../components/use-remote';
import { titleFor } from '../../forms/definitions';
import type { FormRecord } from '../../forms/form-store';
import { listDefinitions, loadDefinition, type DefinitionDetail, type DefinitionKind } from './dev-api';
import { onDefinitionReload } from './follow-definitions';
import { RuleTable } from './RuleTable';
import { SampleForm, type Drawable } from './SampleForm';
import { sampleRecord } from './sample-record';
import styles from './Playground.module.css';

const KIND_LABEL: Record<DefinitionKind, string> = { forms: 'フォーム', lists: '一覧' };

/** What is drawn of a definition: a form's record, a list's search conditions (null: nothing to draw). */
function drawableOf(kind: DefinitionKind, definition: unknown): Drawable | null {
  if (!definition || typeof definition !== 'object') return null;
  if (kind === 'forms') {
    const form = definition as FormDefinition;
    if (!form.schema?.properties) return null;
    return {
      schema: form.schema,
      uiSchema: form.uiSchema ?? {},
      rules: form.rules ?? [],
      options: form.options ?? {},
      effects: form.effects,
      visibility: form.visibility,
    };
  }
  const search = (definition as ListDefinition).search;
  if (!search?.schema?.properties) return null;
  return {
    schema: search.schema,
    uiSchema: search.uiSchema ?? {},
    rules: search.rules ?? [],
    options: search.options ?? {},
  };
}

/** A definition rjsf cannot draw (a broken schema while editing) must not take the page down. */
class DrawBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { failed: string | null; key: string }
> {
  state = { failed: null as string | null, key: this.props.resetKey };
  static getDerivedStateFromError(error: unknown) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    return props.resetKey !== state.key ? { failed: null, key: props.resetKey } : null;
  }
  render() {
    if (this.state.failed)
      return (
        <p className={styles.problem} role="alert">
          この定義は描画できません: {this.state.failed}
        </p>
      );
    return this.props.children;
  }
}

export function DefinitionPlaygroundPage() {
  const [query, setQuery] = useSearchParams();
  const kind: DefinitionKind = query.get('kind') === 'lists' ? 'lists' : 'forms';
  const id = query.get('id') ?? '';
  const mode = query.get('mode') === 'update' ? 'update' : 'new';
  // Counts the reloads the API announced: the list and the definition are fetched again.
  const [version, setVersion] = useState(0);
  useEffect(() => onDefinitionReload(() => setVersion((v) => v + 1)), []);

  const list = useRemote(
    `list#${version}`,
    (signal) => listDefinitions(signal),
    (e) => errorMessageText(e),
  );
  const detail = useRemote(
    id ? `${kind}/${id}#${version}` : null,
    (signal) => loadDefinition(kind, id, signal),
    (e) => errorMessageText(e),
  );
  // While a reload is fetched the previous state of the same file stays on screen, and what was
  // typed into its form is kept for the next one (「サンプル値に戻す」 or another file starts again).
  const [lastReady, setLastReady] = useState<DefinitionDetail | null>(null);
  useEffect(() => {
    if (detail.status === 'ready') setLastReady(detail.data);
  }, [detail]);
  const typed = useRef<FormRecord | null>(null);
  const shown =
    detail.status === 'ready'
      ? detail.data
      : detail.status === 'loading' && lastReady?.kind === kind && lastReady.id === id
        ? lastReady
        : null;

  const choose = (value: string) => {
    const [k = '', name = ''] = value.split('/');
    const next = new URLSearchParams(query);
    next.set('kind', k);
    next.set('id', name);
    typed.current = null;
    setQuery(next, { replace: true });
  };
  const setMode = (value: string) => {
    const next = new URLSearchParams(query);
    next.set('mode', value);
    setQuery(next, { replace: true });
  };

  return (
    <section className={styles.page} aria-labelledby="playground-title">
      <div className={styles.header}>
        <h1 id="playground-title" className={styles.title}>
          定義プレイグラウンド
        </h1>
        <span className={styles.devBadge}>開発モード専用</span>
      </div>
      {list.status === 'failed' && (
        <p className={styles.problem} role="alert">
          {list.message}
        </p>
      )}
      <div className={styles.toolbar}>
        <label className={styles.field}>
          定義
          <select
            className="input"
            value={id ? `${kind}/${id}` : ''}
            onChange={(e) => choose(e.target.value)}
            aria-label="定義"
          >
            <option value="">選択してください</option>
            {(['forms', 'lists'] as const).map((k) => (
              <optgroup key={k} label={KIND_LABEL[k]}>
                {list.status === 'ready' &&
                  list.data.definitions
                    .filter((d) => d.kind === k)
                    .map((d) => (
                      <option key={d.id} value={`${k}/${d.id}`}>
                        {d.id}（{d.title}）{d.problems > 0 ? ` ⚠ ${d.problems}` : ''}
                      </option>
                    ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          モード
          <select className="input" value={mode} onChange={(e) => setMode(e.target.value)} aria-label="モード">
            <option value="new">新規</option>
            <option value="update">更新</option>
          </select>
        </label>
        <p className={styles.note}>
          定義ファイル（schemas/forms, schemas/lists）を保存すると、数秒以内にここへ反映されます。
        </p>
      </div>
      {!id && <p className={styles.note}>確認する定義を選んでください。</p>}
      {id && detail.status === 'failed' && (
        <p className={styles.problem} role="alert">
          {detail.message}
        </p>
      )}
      {id && !shown && detail.status === 'loading' && (
        <p className={styles.note} role="status">
          読み込み中です…
        </p>
      )}
      {shown && <Playground key={`${kind}/${id}`} detail={shown} mode={mode} typed={typed} />}
    </section>
  );
}

function Playground({
  detail,
  mode,
  typed,
}: {
  detail: DefinitionDetail;
  mode: 'new' | 'update';
  typed: MutableRefObject<FormRecord | null>;
}) {
  const drawable = useMemo(() => drawableOf(detail.kind, detail.definition), [detail]);
  const context = useMemo(
    () => ({ serverDate: detail.context.serverDate, maxFileSize: detail.context.maxFileSize, mode }),
    [detail.context, mode],
  );
  const [generation, setGeneration] = useState(0);
  const [results, setResults] = useState<RuleResult[][]>([]);
  const onRecord = useCallback(
    (record: FormRecord) => {
      typed.current = record;
    },
    [typed],
  );
  const sample = useMemo(
    () =>
      drawable ? sampleRecord(drawable.schema, drawable.uiSchema, detail.context.serverDate, drawable.options) : {},
    [drawable, detail.context.serverDate],
  );
  const startRecord = useCallback(() => typed.current ?? sample, [typed, sample]);
  const definition = detail.definition as { title?: FormDefinition['title'] } | null;
  const title = definition?.title ? titleFor(definition.title, mode) : detail.id;

  return (
    <div className={styles.columns}>
      <div className={styles.main}>
        <section className={styles.panel} aria-labelledby="playground-form">
          <div className={styles.panelHeader}>
            <h2 id="playground-form" className={styles.panelTitle}>
              {title}
              {detail.kind === 'lists' && <span className={styles.sub}>（検索条件）</span>}
            </h2>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                typed.current = null;
                setGeneration((g) => g + 1);
              }}
            >
              サンプル値に戻す
            </button>
          </div>
          <p className={styles.sampleNote} role="note">
            表示している値はスキーマから作ったサンプルです。保存されず、保存の呼び出しも行いません。
          </p>
          {drawable ? (
            <DrawBoundary resetKey={`${detail.text}#${generation}#${mode}`}>
              <SampleForm
                key={`${detail.text}#${generation}#${mode}`}
                drawable={drawable}
                startRecord={startRecord}
                context={context}
                mode={mode}
                onRecord={onRecord}
                onResults={setResults}
              />
            </DrawBoundary>
          ) : (
            <p className={styles.note}>
              {detail.kind === 'lists'
                ? 'この一覧には検索条件がありません。'
                : 'この定義にはフォームとして描画できるスキーマがありません。'}
            </p>
          )}
        </section>
        {detail.kind === 'lists' && <ListColumns definition={detail.definition} />}
        <section className={styles.panel} aria-labelledby="playground-rules">
          <div className={styles.panelHeader}>
            <h2 id="playground-rules" className={styles.panelTitle}>
              ルール
            </h2>
          </div>
          <RuleTable rules={drawable?.rules ?? []} results={results} />
        </section>
      </div>
      <aside className={styles.side} aria-label="定義ファイル">
        <section className={styles.panel} aria-labelledby="playground-check">
          <div className={styles.panelHeader}>
            <h2 id="playground-check" className={styles.panelTitle}>
              スキーマチェック
            </h2>
          </div>
          {detail.problems.length === 0 ? (
            <p className={styles.ok}>問題はありません。</p>
          ) : (
            <ul className={styles.problems} data-testid="schema-problems">
              {detail.problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          )}
          {!detail.served && (
            <p className={styles.problem}>
              このファイルはAPIに反映されていません（問題を直すまで、直前の正しい定義で動いています）。
            </p>
          )}
        </section>
        <section className={styles.panel} aria-labelledby="playground-json">
          <div className={styles.panelHeader}>
            <h2 id="playground-json" className={styles.panelTitle}>
              JSON
            </h2>
            <code className={styles.path}>
              schemas/{detail.kind}/{detail.id}.json
            </code>
          </div>
          <pre className={styles.json} tabIndex={0} aria-label="定義のJSON">
            {detail.text}
          </pre>
        </section>
      </aside>
    </div>
  );
}

/** A list's columns as declared (the rows come from its load call, which the playground does not make). */
function ListColumns({ definition }: { definition: unknown }) {
  const columns = (definition as Partial<ListDefinition> | null)?.columns;
  if (!Array.isArray(columns)) return null;
  return (
    <section className={styles.panel} aria-labelledby="playground-columns">
      <div className={styles.panelHeader}>
        <h2 id="playground-columns" className={styles.panelTitle}>
          一覧の列
        </h2>
      </div>
      <div className={styles.tableScroll}>
        <table className={styles.rules}>
          <thead>
            <tr>
              <th scope="col">見出し</th>
              <th scope="col">キー</th>
              <th scope="col">種類</th>
              <th scope="col">並べ替え</th>
            </tr>
          </thead>
          <tbody>
            {columns.map((c, i) => (
              <tr key={i}>
                <td>{c.label ?? ''}</td>
                <td>
                  <code>{c.key}</code>
                  {c.endKey ? <code> 〜 {c.endKey}</code> : null}
                </td>
                <td>{c.kind ?? 'text'}</td>
                <td>{c.sortable ? '可' : '―'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
