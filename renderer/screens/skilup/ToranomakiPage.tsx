// Sales playbook /skilup-toranomaki (spec 002 sections 2.3, 4): the phase navigation, the
// chapters of the chosen phase (dispCount of them, then a more button; default 3), the chapter
// detail pane (picking a chapter loads its content and makes it active), the chapter's 視聴完了
// checkbox (saved at once), the video modal, and the comments.
import { useEffect, useId, useState } from 'react';
import { errorMessageText } from '../../api/client';
import { alertApiError } from '../../app/errors/alert-api-error';
import { useRouteHandle } from '../../app/route-handle';
import { useSession } from '../../app/session';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { RichText } from '../../components/RichText';
import { ensureValidSession } from '../../components/session-check';
import { useRemote } from '../../components/use-remote';
import { reportWidgetFailure } from '../../components/widget-failure';
import { CONTENT_DETAIL_ERROR_POLICY, loadContentDetail, saveWatchStatus } from '../contents/calls';
import { loadPlaybook, type Chapter, type Playbook } from './calls';
import { ChapterVideoModal } from './ChapterVideoModal';
import styles from './Toranomaki.module.css';
import { CATEGORY } from '../../../schemas/categories';

const PART = '営業虎の巻';

function ChapterDetail({
  chapter,
  onWatched,
  screenName,
}: {
  chapter: Chapter;
  onWatched: (chapterId: number, watched: boolean) => void;
  screenName: string;
}) {
  const id = useId();
  const [saving, setSaving] = useState(false);
  const [video, setVideo] = useState(false);
  const detail = useRemote(
    `${chapter.chapterId}`,
    (signal) => loadContentDetail(String(CATEGORY.TORANOMAKI), String(chapter.chapterId), signal),
    (error) => errorMessageText(error, CONTENT_DETAIL_ERROR_POLICY),
  );

  const change = async (next: boolean) => {
    if (saving) return;
    setSaving(true);
    onWatched(chapter.chapterId, next);
    try {
      if (!(await ensureValidSession())) {
        onWatched(chapter.chapterId, !next);
        return;
      }
      onWatched(chapter.chapterId, await saveWatchStatus(CATEGORY.TORANOMAKI, chapter.chapterId, next));
    } catch (error) {
      onWatched(chapter.chapterId, !next);
      await alertApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <article className={styles.detail} aria-labelledby={`${id}-title`} aria-live="polite">
      <p className={styles.detailChapter}>{chapter.chapterName}</p>
      <h2 id={`${id}-title`} className={styles.detailTitle}>
        {chapter.chapterTitle}
      </h2>
      {chapter.chapterComment && (
        <p className={styles.point}>
          <span className={styles.pointLabel}>ポイント</span>
          {chapter.chapterComment}
        </p>
      )}
      <div className={styles.detailActions}>
        <button type="button" className="btn btn-primary" onClick={() => setVideo(true)}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
          動画を見る
        </button>
        <label className={`${styles.watch} ${chapter.isWatched ? styles.watchDone : ''}`} htmlFor={`${id}-watched`}>
          <input
            id={`${id}-watched`}
            type="checkbox"
            checked={chapter.isWatched}
            disabled={saving}
            onChange={(e) => void change(e.target.checked)}
          />
          視聴完了
        </label>
      </div>
      {detail.status === 'loading' && <div className={styles.detailLoading} role="status" aria-label="読み込み中" />}
      {detail.status === 'failed' && <p className={styles.error}>{detail.message}</p>}
      {detail.status === 'ready' && (
        <div className={styles.detailBody}>
          <RichText html={detail.data.contentsBody} />
        </div>
      )}
      {video && (
        <ChapterVideoModal
          categoryId={chapter.chapterCategoryId}
          contentsId={chapter.chapterContentsId}
          title={`${chapter.chapterName} ${chapter.chapterTitle}`}
          screenName={screenName}
          onClose={() => setVideo(false)}
        />
      )}
    </article>
  );
}

function PlaybookView({ initial, screenName }: { initial: Playbook; screenName: string }) {
  const [book, setBook] = useState(initial);
  const phases = book.skilupPhaseList;
  const firstPhase = phases.find((p) => p.isOpen) ?? phases[0];
  const [phaseId, setPhaseId] = useState<number | undefined>(firstPhase?.phaseId);
  const phase = phases.find((p) => p.phaseId === phaseId) ?? firstPhase;
  const [chapterId, setChapterId] = useState<number | undefined>(
    () => (firstPhase?.phaseKouseiList.find((c) => !c.isWatched) ?? firstPhase?.phaseKouseiList[0])?.chapterId,
  );
  const [expanded, setExpanded] = useState(false);
  const chapter = phases.flatMap((p) => p.phaseKouseiList).find((c) => c.chapterId === chapterId);

  const pickPhase = (id: number) => {
    const next = phases.find((p) => p.phaseId === id);
    setPhaseId(id);
    setExpanded(false);
    setChapterId(next?.phaseKouseiList[0]?.chapterId);
  };
  const setWatched = (id: number, watched: boolean) =>
    setBook((b) => ({
      ...b,
      skilupPhaseList: b.skilupPhaseList.map((p) => ({
        ...p,
        phaseKouseiList: p.phaseKouseiList.map((c) => (c.chapterId === id ? { ...c, isWatched: watched } : c)),
      })),
    }));

  if (!phase) return <p className={styles.empty}>営業虎の巻はまだ準備中です。</p>;
  const chapters = phase.phaseKouseiList;
  const shown = expanded ? chapters : chapters.slice(0, book.dispCount);

  return (
    <>
      <nav className={styles.phaseNav} aria-label="フェーズ">
        <ol>
          {phases.map((p, i) => {
            const done = p.phaseKouseiList.filter((c) => c.isWatched).length;
            return (
              <li key={p.phaseId}>
                <button
                  type="button"
                  className={`${styles.phaseStep} ${p.phaseId === phase.phaseId ? styles.phaseActive : ''}`}
                  aria-current={p.phaseId === phase.phaseId ? 'step' : undefined}
                  onClick={() => pickPhase(p.phaseId)}
                >
                  <span className={styles.phaseNo}>{i + 1}</span>
                  <span className={styles.phaseName}>{p.phaseName}</span>
                  <span className={styles.phaseProgress}>
                    視聴済み {done}/{p.phaseKouseiList.length}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      <div className={styles.columns}>
        <section className={styles.chapters} aria-labelledby="phase-title">
          <h2 id="phase-title" className={styles.phaseTitle}>
            <span>{phase.phaseName}</span>
            {phase.phaseTitle && phase.phaseTitle !== phase.phaseName && <small>{phase.phaseTitle}</small>}
          </h2>
          {chapters.length === 0 ? (
            <p className={styles.empty}>このフェーズの章はまだありません。</p>
          ) : (
            <ul className={styles.chapterList}>
              {shown.map((c) => (
                <li key={c.chapterId}>
                  <button
                    type="button"
                    className={`${styles.chapter} ${c.chapterId === chapterId ? styles.chapterActive : ''}`}
                    aria-pressed={c.chapterId === chapterId}
                    onClick={() => setChapterId(c.chapterId)}
                  >
                    <span className={styles.chapterName}>{c.chapterName}</span>
                    <span className={styles.chapterTitle}>{c.chapterTitle}</span>
                    {c.isWatched && <span className={styles.chapterWatched}>視聴済み</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {chapters.length > book.dispCount && (
            <button
              type="button"
              className={`btn btn-secondary ${styles.more}`}
              aria-expanded={expanded}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? '閉じる' : `もっと見る（残り${chapters.length - book.dispCount}章）`}
            </button>
          )}
        </section>
        <div className={styles.pane}>
          {chapter ? (
            <ChapterDetail key={chapter.chapterId} chapter={chapter} onWatched={setWatched} screenName={screenName} />
          ) : (
            <p className={styles.empty}>章を選んでください。</p>
          )}
        </div>
      </div>

      {book.skilupCommentList.length > 0 && (
        <section className={styles.comments} aria-labelledby="playbook-comments">
          <h2 id="playbook-comments" className={styles.commentsTitle}>
            現場からのひとこと
          </h2>
          <ul>
            {book.skilupCommentList.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export function ToranomakiPage() {
  const session = useSession();
  const screenName = useRouteHandle()?.screenName ?? PART;
  const scope = [session.user?.userId, session.user?.pseudoUserId, session.systemDate, session.businessDate].join('|');
  const remote = useRemote(
    `playbook|${scope}`,
    (signal) => loadPlaybook(CATEGORY.TORANOMAKI, signal),
    (error) => reportWidgetFailure(PART, error),
  );
  // Braces: Chromium's scrollTo answers a promise, which React would take for the effect's cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <div className={styles.page}>
      <Breadcrumbs categoryId={CATEGORY.TORANOMAKI} />
      <header className={styles.hero}>
        <h1 className={styles.title}>営業虎の巻</h1>
        <p>
          トップセールスのノウハウを、商談のフェーズごとにまとめました。章を選んで解説を読み、動画を見たら「視聴完了」にチェックしましょう。
        </p>
      </header>
      {remote.status === 'loading' && <div className={styles.detailLoading} role="status" aria-label="読み込み中" />}
      {remote.status === 'failed' && <p className={styles.error}>{remote.message}</p>}
      {remote.status === 'ready' && <PlaybookView key={scope} initial={remote.data} screenName={screenName} />}
    </div>
  );
}
