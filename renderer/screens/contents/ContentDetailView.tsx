// The body of a content detail page (spec 000 section 2 "Content detail"), also usable by the
// administrator previews: breadcrumb (not in preview), posting start date, sub-category, NEW,
// title, videos, sanitised body, links, documents with ダウンロード一括, images, the favourite
// star, provider administrators' コピーして新規 and 編集, the skill-up 視聴完了 checkbox, and
// 戻る (or 閉じる in a modal window).
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatDate } from '../../app/format';
import { OPERATION_TYPE, sendOperationLog } from '../../app/operation-log';
import { isProviderAdmin, useSession } from '../../app/session';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { ImportantFlag, NewFlag, SubCategoryTag } from '../../components/ContentFlags';
import type { ContentDetail, ContentLink } from '../../components/content-wire';
import { CATEGORY } from '../../components/data-scope';
import { DocumentList } from '../../components/DocumentList';
import { FallbackImage } from '../../components/FallbackImage';
import { RichText } from '../../components/RichText';
import { SmartLink, inAppPath, isExternalUrl } from '../../components/SmartLink';
import { FavoriteStar } from './FavoriteStar';
import { VideoList } from './VideoList';
import { WatchStatus } from './WatchStatus';
import styles from './ContentDetail.module.css';

/** Edit modes of the registration forms (spec 000 section 4). */
export const EDIT_MODE = { new: '0', update: '1', copy: '2', preview: '9' } as const;

const NO_END = '9999/12/31';

/** The registration form of a content with categoryId, contentsId and editMode in the query. */
export function editFormPath(
  updateFormPath: string,
  categoryId: number,
  contentsId: number,
  editMode: string,
): string | null {
  const path = inAppPath(updateFormPath);
  if (!path) return null;
  const query = new URLSearchParams({ categoryId: String(categoryId), contentsId: String(contentsId), editMode });
  return `${path}${path.includes('?') ? '&' : '?'}${query.toString()}`;
}

interface Props {
  detail: ContentDetail;
  screenName: string;
  preview?: boolean;
  /** Opened as a modal window: 閉じる instead of 戻る. */
  modal?: boolean;
  /** Shown between the header and the videos (the event detail's date and application box). */
  extra?: ReactNode;
  /** Shown inside a dialog of the page (a registration form's preview): 閉じる calls it. */
  onClose?: () => void;
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`${styles.section} ${className ?? ''}`}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

export function ContentDetailView({ detail, screenName, preview = false, modal = false, extra, onClose }: Props) {
  const session = useSession();
  const navigate = useNavigate();
  // A preview shows the page as an agent sees it: no edit links.
  const providerAdmin = isProviderAdmin(session) && !preview;
  const isSkilup = detail.categoryId === CATEGORY.skilup;

  const copyPath =
    providerAdmin && detail.updateFormPath
      ? editFormPath(detail.updateFormPath, detail.categoryId, detail.contentsId, EDIT_MODE.copy)
      : null;
  const editPath =
    providerAdmin && detail.updateFormPath
      ? editFormPath(detail.updateFormPath, detail.categoryId, detail.contentsId, EDIT_MODE.update)
      : null;

  const logLink = (link: ContentLink) => {
    if (preview) return;
    sendOperationLog({
      operationType: OPERATION_TYPE.linkClick,
      fromScreenName: screenName,
      controlName: 'link',
      actionDetail: link.url,
      genericField1: String(detail.categoryId),
      genericField2: String(detail.contentsId),
      genericField3: link.caption,
    });
  };

  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/portal-top');
  };

  const closeWindow = () => {
    window.close();
    // A window the script did not open stays open: leave the page instead.
    window.setTimeout(() => {
      if (!window.closed) back();
    }, 150);
  };

  const period =
    detail.keisaiKikanEnd && detail.keisaiKikanEnd !== NO_END
      ? `${formatDate(detail.keisaiKikanStart)} 〜 ${formatDate(detail.keisaiKikanEnd)}`
      : '';

  return (
    <div className={styles.page}>
      {!preview && <Breadcrumbs categoryId={detail.categoryId} current={detail.title} />}

      <article className={styles.article} aria-labelledby="content-title">
        <header className={styles.header}>
          <div className={styles.meta}>
            <span className={styles.date}>
              <span className={styles.metaLabel}>掲載日</span>
              <time dateTime={detail.keisaiKikanStart.replaceAll('/', '-')}>{formatDate(detail.keisaiKikanStart)}</time>
            </span>
            <SubCategoryTag name={detail.subCategoryName} />
            {detail.newFlg && <NewFlag />}
            {detail.jyuyoFlg && <ImportantFlag />}
            {preview && <span className={styles.previewMark}>プレビュー</span>}
          </div>
          <div className={styles.titleRow}>
            <h1 id="content-title" className={styles.title}>
              {detail.title}
            </h1>
            <div className={styles.actions}>
              {!preview && (
                <FavoriteStar
                  key={`${detail.categoryId}-${detail.contentsId}`}
                  categoryId={detail.categoryId}
                  contentsId={detail.contentsId}
                  initial={detail.isFavorite}
                  screenName={screenName}
                />
              )}
              {copyPath && (
                <Link to={copyPath} className={`btn btn-secondary ${styles.adminButton}`}>
                  コピーして新規
                </Link>
              )}
              {editPath && (
                <Link to={editPath} className={`btn btn-secondary ${styles.adminButton}`}>
                  編集
                </Link>
              )}
            </div>
          </div>
          {(period || detail.lastUpdate) && (
            <p className={styles.subMeta}>
              {period && <span>掲載期間：{period}</span>}
              {detail.lastUpdate && <span>最終更新日：{formatDate(detail.lastUpdate)}</span>}
            </p>
          )}
        </header>

        {extra && <div className={styles.block}>{extra}</div>}

        {detail.contentsVideoList.length > 0 && (
          <div className={styles.block}>
            <VideoList
              videos={detail.contentsVideoList}
              categoryId={detail.categoryId}
              contentsId={detail.contentsId}
              screenName={screenName}
              preview={preview}
            />
          </div>
        )}

        <div className={styles.block}>
          <RichText html={detail.contentsBody} />
        </div>

        {isSkilup && !preview && (
          <div className={styles.block}>
            <WatchStatus categoryId={detail.categoryId} contentsId={detail.contentsId} />
          </div>
        )}

        {detail.contentsLinkList.length > 0 && (
          <Section title="関連リンク">
            <ul className={styles.links}>
              {detail.contentsLinkList.map((link) => (
                <li key={link.rowNo}>
                  <SmartLink
                    href={link.url}
                    newTab={isExternalUrl(link.url)}
                    onClick={() => logLink(link)}
                    className={styles.link}
                  >
                    {link.caption || link.url}
                  </SmartLink>
                  {isExternalUrl(link.url) && <span className={styles.linkUrl}>{link.url}</span>}
                </li>
              ))}
            </ul>
          </Section>
        )}

        {detail.contentsTempFileList.length > 0 && (
          <Section title="添付ファイル">
            <DocumentList
              files={detail.contentsTempFileList}
              categoryId={detail.categoryId}
              contentId={detail.contentsId}
              screenName={screenName}
              preview={preview}
            />
          </Section>
        )}

        {detail.contentsImgList.length > 0 && (
          <Section title="画像">
            <div className={styles.images}>
              {detail.contentsImgList.map((image) => (
                <figure key={image.rowNo} className={styles.figure}>
                  <a href={image.imgPath} target="_blank" rel="noopener" className={styles.imageLink}>
                    <FallbackImage
                      src={image.imgPath}
                      alt={image.imgExp || image.imgName}
                      className={styles.image}
                      aspectRatio="16 / 9"
                    />
                    <span className="visually-hidden">（新しいタブで拡大表示）</span>
                  </a>
                  {image.imgExp && <figcaption>{image.imgExp}</figcaption>}
                </figure>
              ))}
            </div>
          </Section>
        )}

        <footer className={styles.footer}>
          {modal || onClose ? (
            <button type="button" className="btn btn-secondary" onClick={onClose ?? closeWindow}>
              閉じる
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={back}>
              戻る
            </button>
          )}
        </footer>
      </article>
    </div>
  );
}
