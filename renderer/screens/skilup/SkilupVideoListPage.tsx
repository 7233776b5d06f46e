// Skill-up hub /skilup-video-list (spec 002 sections 2.2, 4): new videos (the first N, then a
// more button), a section per phase (N each, expandable; a phase marked isOpen starts expanded),
// a banner to the sales playbook, and a side column with the search panel and the banners 04
// (研修) and 05 (マスターへの道). Searching switches to the result view, 10 per page; back to
// the initial view clears keyword, tags and flags and starts again from page 1.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { alertApiError } from '../../app/errors/alert-api-error';
import { isProviderAdmin, useSession } from '../../app/session';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { CATEGORY } from '../../components/data-scope';
import { Pager } from '../../components/Pager';
import { useRemote } from '../../components/use-remote';
import { reportWidgetFailure } from '../../components/widget-failure';
import { loadBanners } from '../portal/calls';
import { FallbackImage } from '../../components/FallbackImage';
import { SmartLink, isExternalUrl } from '../../components/SmartLink';
import type { Banner } from '../portal/calls';
import {
  loadVideoList,
  narrowVideoList,
  NO_VIDEO_NARROWING,
  SEARCH_PAGE_SIZE,
  type SkilupVideo,
  type VideoListAnswer,
  type VideoNarrowing,
} from './calls';
import { PhaseIcon } from './PhaseIcon';
import { SkilupSearchPanel } from './SkilupSearchPanel';
import { VideoGrid } from './VideoCard';
import sideLayout from '../../components/SideLayout.module.css';
import styles from './Skilup.module.css';

export const SKILUP_PART = {
  videos: 'スキルアップ動画',
  training: '研修バナー',
  master: 'マスターへの道バナー',
} as const;

/** The side banners 04 and 05 (600×200 images, so wider than the portal's side banners). */
function SkilupBanners({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <ul className={styles.banners}>
      {banners.map((b, i) => (
        <li key={`${i}-${b.bannerName}`}>
          <SmartLink href={b.bannerUrl} newTab={isExternalUrl(b.bannerUrl)} className={styles.banner}>
            <FallbackImage src={b.bannerImgFileName} alt="" className={styles.bannerImage} aspectRatio="3 / 1" />
            <span className={styles.bannerName}>{b.bannerName}</span>
            {b.bannerCaption && <span className={styles.bannerCaption}>{b.bannerCaption}</span>}
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

function MoreButton({
  expanded,
  rest,
  onClick,
  label,
}: {
  expanded: boolean;
  rest: number;
  onClick: () => void;
  label: string;
}) {
  return (
    <div className={styles.moreRow}>
      <button type="button" className={`btn btn-secondary ${styles.more}`} aria-expanded={expanded} onClick={onClick}>
        <span className="visually-hidden">{label}を</span>
        {expanded ? '閉じる' : `もっと見る（残り${rest}件）`}
      </button>
    </div>
  );
}

function InitialView({ data }: { data: VideoListAnswer }) {
  const [newOpen, setNewOpen] = useState(false);
  const [open, setOpen] = useState<Set<number>>(
    () => new Set(data.phaseListData.filter((p) => p.isOpen).map((p) => p.phaseId)),
  );
  const newest = data.videoListData
    .filter((v) => v.isNewVideo)
    .sort((a, b) => b.updateDate.localeCompare(a.updateDate) || b.contentsId - a.contentsId);
  const toggle = (phaseId: number) => {
    const next = new Set(open);
    if (next.has(phaseId)) next.delete(phaseId);
    else next.add(phaseId);
    setOpen(next);
  };
  return (
    <>
      <section className={styles.section} aria-labelledby="new-videos">
        <h2 id="new-videos" className={styles.sectionTitle}>
          新着動画
        </h2>
        {newest.length === 0 ? (
          <p className={styles.empty}>新着の動画はありません。</p>
        ) : (
          <>
            <VideoGrid videos={newOpen ? newest : newest.slice(0, data.newVideoListDispNum)} label="新着動画" />
            {newest.length > data.newVideoListDispNum && (
              <MoreButton
                expanded={newOpen}
                rest={newest.length - data.newVideoListDispNum}
                onClick={() => setNewOpen(!newOpen)}
                label="新着動画"
              />
            )}
          </>
        )}
      </section>

      <Link to="/skilup-toranomaki" className={styles.playbookBanner}>
        <span className={styles.playbookBadge}>営業虎の巻</span>
        <span className={styles.playbookText}>
          <strong>トップセールスのノウハウを、商談のフェーズごとに。</strong>
          <span>事前準備から受注後のフォローまで、章ごとの解説と動画で学べます。</span>
        </span>
        <span className={styles.playbookArrow} aria-hidden="true">
          →
        </span>
      </Link>

      {data.phaseListData.map((phase) => {
        const videos = data.videoListData.filter((v) => v.phaseId === phase.phaseId);
        const expanded = open.has(phase.phaseId);
        return (
          <section key={phase.phaseId} className={styles.section} aria-labelledby={`phase-${phase.phaseId}`}>
            <h2 id={`phase-${phase.phaseId}`} className={styles.sectionTitle}>
              <PhaseIcon name={phase.iconFileName} className={styles.phaseIcon} />
              {phase.phaseName}
              <span className={styles.count}>{videos.length}本</span>
            </h2>
            {videos.length === 0 ? (
              <p className={styles.empty}>このフェーズの動画はまだありません。</p>
            ) : (
              <>
                <VideoGrid
                  videos={expanded ? videos : videos.slice(0, data.videoListDispNum)}
                  label={phase.phaseName}
                />
                {videos.length > data.videoListDispNum && (
                  <MoreButton
                    expanded={expanded}
                    rest={videos.length - data.videoListDispNum}
                    onClick={() => toggle(phase.phaseId)}
                    label={phase.phaseName}
                  />
                )}
              </>
            )}
          </section>
        );
      })}
    </>
  );
}

function ResultView({
  videos,
  page,
  onPage,
  onBack,
}: {
  videos: SkilupVideo[];
  page: number;
  onPage: (p: number) => void;
  onBack: () => void;
}) {
  const shown = videos.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE);
  return (
    <section className={styles.section} aria-labelledby="search-results">
      <div className={styles.resultHeader}>
        <h2 id="search-results" className={styles.sectionTitle}>
          検索結果 <span className={styles.count}>{videos.length}件</span>
        </h2>
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          初期表示に戻る
        </button>
      </div>
      {videos.length === 0 ? (
        <p className={styles.empty}>条件に合う動画はありません。</p>
      ) : (
        <>
          <VideoGrid videos={shown} label="検索結果" />
          <Pager
            page={page}
            totalCount={videos.length}
            pageSize={SEARCH_PAGE_SIZE}
            onChange={onPage}
            label="検索結果"
          />
        </>
      )}
    </section>
  );
}

export function SkilupVideoListPage() {
  const session = useSession();
  const admin = isProviderAdmin(session);
  const scope = [session.user?.userId, session.user?.pseudoUserId, session.systemDate, session.businessDate].join('|');
  const initial = useRemote(`videos|${scope}`, loadVideoList, (error) =>
    reportWidgetFailure(SKILUP_PART.videos, error),
  );
  const training = useRemote(
    `b04|${scope}`,
    (signal) => loadBanners('04', signal),
    (error) => reportWidgetFailure(SKILUP_PART.training, error),
  );
  const master = useRemote(
    `b05|${scope}`,
    (signal) => loadBanners('05', signal),
    (error) => reportWidgetFailure(SKILUP_PART.master, error),
  );

  const [draft, setDraft] = useState<VideoNarrowing>(NO_VIDEO_NARROWING);
  const [results, setResults] = useState<SkilupVideo[] | null>(null);
  const [page, setPage] = useState(1);
  const [searching, setSearching] = useState(false);

  const search = async (n: VideoNarrowing) => {
    setSearching(true);
    try {
      const answer = await narrowVideoList(n);
      setDraft(n);
      setResults(answer.videoListData);
      setPage(1);
    } catch (error) {
      await alertApiError(error);
    } finally {
      setSearching(false);
    }
  };
  const back = () => {
    setDraft(NO_VIDEO_NARROWING);
    setResults(null);
    setPage(1);
  };

  return (
    <div className={sideLayout.page}>
      <Breadcrumbs categoryId={CATEGORY.skilup} />
      <h1 className={sideLayout.title}>スキルアップ</h1>
      <div className={sideLayout.layout}>
        <div className={sideLayout.main} aria-busy={initial.status === 'loading' || searching}>
          {initial.status === 'loading' && <div className={styles.loading} role="status" aria-label="読み込み中" />}
          {initial.status === 'failed' && <p className={styles.failed}>{initial.message}</p>}
          {initial.status === 'ready' &&
            (results ? (
              <ResultView videos={results} page={page} onPage={setPage} onBack={back} />
            ) : (
              <InitialView data={initial.data} />
            ))}
        </div>
        <aside className={styles.side} aria-label="検索・バナー">
          <SkilupSearchPanel
            value={draft}
            tags={initial.status === 'ready' ? initial.data.skulupTagData : []}
            adminOptions={admin}
            disabled={initial.status !== 'ready' || searching}
            onChange={setDraft}
            onSearch={(n) => void search(n)}
          />
          <section aria-label={SKILUP_PART.training}>
            {training.status === 'ready' && <SkilupBanners banners={training.data} />}
          </section>
          <section aria-label={SKILUP_PART.master}>
            {master.status === 'ready' && <SkilupBanners banners={master.data} />}
          </section>
        </aside>
      </div>
    </div>
  );
}
