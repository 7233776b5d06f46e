// One-stop guide top management /one-stop-gide_kanri (spec 001 "One-stop guide top management",
// sections 4, 5): search mode (category dropdown, 検索, クリア), then result mode: a keyword
// narrows the candidates (at most 255), the candidates table (select, ID, sub-category, title,
// posting period) adds the selected rows to the display targets (none selected: ERR_0003
// 表示候補), the display-target table in displayOrder removes and reorders, 確定 saves them (none:
// ERR_0004) after CNF_0001 and says INF_0001. クリア in result mode returns to search mode. The
// rules are schemas/forms/one-stop-gide-kanri.json, run here and again by the API.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMessage } from '../../../schemas/messages/format';
import { validateField, type RuleResult } from '../../../schemas/rules/engine';
import { errorMessageText, isApiError } from '../../api/client';
import { alertMessage, confirmMessage } from '../../app/dialog';
import { formatDate } from '../../app/format';
import { useProcessing } from '../../app/use-processing';
import { ensureValidSession } from '../../components/session-check';
import { useRemote } from '../../components/use-remote';
import { loadFormDefinition, ruleContext, type FormDefinition, type DefinitionContext } from '../../forms/definitions';
import { ErrorList } from '../../forms/ErrorList';
import { loadCandidates, loadKanriCategories, saveDisplayTargets, type OneStopCategory, type OneStopItem } from './calls';
import layout from '../../forms/FormLayout.module.css';
import table from '../../forms/list/ListPage.module.css';
import styles from './OneStopGideKanri.module.css';

const FORM_ID = 'one-stop-gide-kanri';
const KEYWORD_MAX = 255;

interface Setup {
  definition: FormDefinition;
  context: DefinitionContext;
  categories: OneStopCategory[];
}

async function setUp(signal: AbortSignal): Promise<Setup> {
  const [{ definition, context }, categories] = await Promise.all([loadFormDefinition(FORM_ID), loadKanriCategories(signal)]);
  return { definition, context, categories };
}

const period = (i: OneStopItem) => `${formatDate(i.keisaikikanStart)}～${i.keisaikikanEnd.startsWith('9999') ? '' : formatDate(i.keisaikikanEnd)}`;
const matches = (i: OneStopItem, keyword: string) => keyword === '' || i.title.includes(keyword) || i.subCategoryName.includes(keyword) || String(i.contentsId) === keyword;

export function OneStopGideKanriPage() {
  const remote = useRemote('one-stop-kanri', setUp, (error) => errorMessageText(error));
  if (remote.status === 'failed')
    return (
      <section className={layout.panel}>
        <p className={layout.loadError} role="alert">
          {remote.message}
        </p>
      </section>
    );
  if (remote.status !== 'ready')
    return (
      <section className={layout.panel}>
        <div className={layout.loading} role="status">
          <span className={layout.spinner} aria-hidden="true" />
          読み込み中です…
        </div>
      </section>
    );
  return <Management setup={remote.data} />;
}

function Management({ setup }: { setup: Setup }) {
  const navigate = useNavigate();
  const { run, processing: busy } = useProcessing();
  const [categoryId, setCategoryId] = useState('');
  const [mode, setMode] = useState<'search' | 'result'>('search');
  const [keyword, setKeyword] = useState('');
  const [candidates, setCandidates] = useState<OneStopItem[]>([]);
  const [targets, setTargets] = useState<OneStopItem[]>([]);
  const [loaded, setLoaded] = useState<string>('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [messages, setMessages] = useState<string[]>([]);
  const [scroll, setScroll] = useState(0);

  const check = (record: Record<string, unknown>, field: string): string[] =>
    validateField(setup.definition, record, field, ruleContext(setup.context, 'update')).map((r: RuleResult) => formatMessage(r.messageId, r.args));
  const show = (lines: string[]) => {
    setMessages(lines);
    if (lines.length) setScroll((n) => n + 1);
  };
  const failed = async (error: unknown) => {
    if (isApiError(error) && error.status === 400 && error.messages) show(error.messages.map((m) => formatMessage(m.messageId, m.args)));
    else await alertMessage(errorMessageText(error));
  };

  const inTargets = useMemo(() => new Set(targets.map((t) => t.contentsId)), [targets]);
  const shownCandidates = candidates.filter((c) => !inTargets.has(c.contentsId) && matches(c, keyword.trim()));
  const categoryName = setup.categories.find((c) => String(c.categoryId) === categoryId)?.categoryName ?? '';

  const search = () =>
    run(async () => {
      const lines = check({ categoryId }, 'categoryId');
      show(lines);
      if (lines.length) return;
      if (!(await ensureValidSession())) return;
      try {
        const rows = await loadCandidates(categoryId);
        const chosen = rows.filter((r) => r.displayTargetFlag).sort((a, b) => a.displayOrder - b.displayOrder);
        setCandidates(rows);
        setTargets(chosen);
        setLoaded(chosen.map((c) => c.contentsId).join(','));
        setSelected(new Set());
        setMode('result');
      } catch (error) {
        await failed(error);
      }
    });

  const clear = () => {
    show([]);
    setKeyword('');
    setSelected(new Set());
    if (mode === 'result') {
      setMode('search');
      setCandidates([]);
      setTargets([]);
      setLoaded('');
    } else setCategoryId('');
  };

  const add = () => {
    const picked = shownCandidates.filter((c) => selected.has(c.contentsId));
    const lines = [...check({ keyword }, 'keyword'), ...check({ selectedCandidates: picked.map((c) => String(c.contentsId)) }, 'selectedCandidates')];
    show(lines);
    if (lines.length) return;
    setTargets([...targets, ...picked]);
    setSelected(new Set());
  };
  const remove = (id: number) => setTargets(targets.filter((t) => t.contentsId !== id));
  const move = (index: number, by: -1 | 1) => {
    const next = [...targets];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    setTargets(next);
  };

  const edited = mode === 'result' && targets.map((t) => t.contentsId).join(',') !== loaded;

  const back = () =>
    run(async () => {
      if (edited && !(await confirmMessage(formatMessage('CNF_0002')))) return;
      navigate('/kanrisya-top');
    });

  const confirm = () =>
    run(async () => {
      const lines = [...check({ keyword }, 'keyword'), ...check({ contentsList: targets.map((t) => ({ categoryId: String(t.categoryId), contentsId: String(t.contentsId) })) }, 'contentsList')];
      show(lines);
      if (lines.length) return;
      if (!(await confirmMessage(formatMessage('CNF_0001', [`${categoryName}の表示対象`, '登録'])))) return;
      if (!(await ensureValidSession())) return;
      try {
        await saveDisplayTargets(targets);
      } catch (error) {
        await failed(error);
        return;
      }
      await alertMessage(formatMessage('INF_0001', [`${categoryName}の表示対象`, '登録']));
      setLoaded(targets.map((t) => t.contentsId).join(','));
    });

  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const allShownSelected = shownCandidates.length > 0 && shownCandidates.every((c) => selected.has(c.contentsId));

  return (
    <section className={layout.panel} aria-labelledby="one-stop-kanri-title">
      <div className={layout.panelHeader}>
        <h1 id="one-stop-kanri-title" className={layout.title}>
          ワンストップガイドTOP管理
        </h1>
        <span className={table.modeTag}>{mode === 'search' ? '検索条件を入力してください' : '検索結果'}</span>
      </div>
      <div className={layout.panelBody}>
        <ErrorList lines={messages} scrollRequest={scroll} />
        <div className={styles.searchRow}>
          <label htmlFor="one-stop-kanri-category" className={styles.label}>
            カテゴリ<span className={layout.required}>必須</span>
          </label>
          <select
            id="one-stop-kanri-category"
            className="input"
            value={categoryId}
            disabled={mode === 'result' || busy}
            onChange={(e) => setCategoryId(e.target.value)}
          >
            <option value="">選択してください</option>
            {setup.categories.map((c) => (
              <option key={c.categoryId} value={String(c.categoryId)}>
                {c.categoryName}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-primary" disabled={mode === 'result' || busy} onClick={() => void search()}>
            検索
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={clear}>
            クリア
          </button>
        </div>

        {mode === 'result' && (
          <>
            <section className={styles.block} aria-labelledby="one-stop-candidates">
              <h2 id="one-stop-candidates" className={styles.blockTitle}>
                表示候補<span className={styles.count}>{shownCandidates.length}件</span>
              </h2>
              <div className={styles.toolbar}>
                <label htmlFor="one-stop-kanri-keyword" className={styles.label}>
                  キーワード
                </label>
                <input
                  id="one-stop-kanri-keyword"
                  type="search"
                  className="input"
                  value={keyword}
                  maxLength={KEYWORD_MAX}
                  placeholder="タイトル・サブカテゴリ・IDで絞り込み"
                  onChange={(e) => setKeyword(e.target.value)}
                />
                <button type="button" className="btn btn-primary" disabled={busy} onClick={add}>
                  表示対象に追加
                </button>
              </div>
              <div className={`${table.tableWrap} ${styles.scroll}`}>
                <table className={table.table}>
                  <thead>
                    <tr>
                      <th className={table.alignCenter}>
                        <label className={table.selectAll}>
                          <input type="checkbox" checked={allShownSelected} onChange={(e) => setSelected(e.target.checked ? new Set(shownCandidates.map((c) => c.contentsId)) : new Set())} />
                          選択
                        </label>
                      </th>
                      <th>ID</th>
                      <th>サブカテゴリ</th>
                      <th>タイトル</th>
                      <th>掲載期間</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shownCandidates.map((c) => (
                      <tr key={c.contentsId}>
                        <td className={table.alignCenter}>
                          <input type="checkbox" aria-label={`${c.title}を選択`} checked={selected.has(c.contentsId)} onChange={(e) => toggle(c.contentsId, e.target.checked)} />
                        </td>
                        <td className={table.alignRight}>{c.contentsId}</td>
                        <td>{c.subCategoryName}</td>
                        <td>{c.title}</td>
                        <td className={table.nowrap}>{period(c)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {shownCandidates.length === 0 && <p className={table.empty}>表示候補はありません。</p>}
              </div>
            </section>

            <section className={styles.block} aria-labelledby="one-stop-targets">
              <h2 id="one-stop-targets" className={styles.blockTitle}>
                表示対象<span className={styles.count}>{targets.length}件（上から順に表示されます）</span>
              </h2>
              <div className={table.tableWrap}>
                <table className={table.table}>
                  <thead>
                    <tr>
                      <th className={table.alignCenter}>表示順</th>
                      <th>ID</th>
                      <th>サブカテゴリ</th>
                      <th>タイトル</th>
                      <th>掲載期間</th>
                      <th className={table.alignCenter}>並び替え</th>
                      <th className={table.alignCenter}>除外</th>
                    </tr>
                  </thead>
                  <tbody>
                    {targets.map((t, i) => (
                      <tr key={t.contentsId}>
                        <td className={table.alignCenter}>{i + 1}</td>
                        <td className={table.alignRight}>{t.contentsId}</td>
                        <td>{t.subCategoryName}</td>
                        <td>{t.title}</td>
                        <td className={table.nowrap}>{period(t)}</td>
                        <td className={`${table.alignCenter} ${table.nowrap}`}>
                          <button type="button" className={`btn btn-secondary ${table.cellButton}`} disabled={i === 0} aria-label={`${t.title}を上へ`} onClick={() => move(i, -1)}>
                            ↑
                          </button>{' '}
                          <button type="button" className={`btn btn-secondary ${table.cellButton}`} disabled={i === targets.length - 1} aria-label={`${t.title}を下へ`} onClick={() => move(i, 1)}>
                            ↓
                          </button>
                        </td>
                        <td className={table.alignCenter}>
                          <button type="button" className={`btn btn-secondary ${table.cellButton}`} aria-label={`${t.title}を表示対象から除外`} onClick={() => remove(t.contentsId)}>
                            除外
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {targets.length === 0 && <p className={table.empty}>表示対象はありません。</p>}
              </div>
            </section>
          </>
        )}

        <div className={layout.buttons}>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void back()}>
            戻る
          </button>
          <div className={layout.buttonsEnd}>
            <button type="button" className="btn btn-primary" disabled={mode === 'search' || busy} onClick={() => void confirm()}>
              確定
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
