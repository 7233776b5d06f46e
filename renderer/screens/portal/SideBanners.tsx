// The side column of the portal top: side banners (kind 02) and related-information links
// (kind 03). An http address opens in a new tab; a path is an in-app route.
import { FallbackImage } from '../../components/FallbackImage';
import { SmartLink, isExternalUrl } from '../../components/SmartLink';
import type { Banner } from './calls';
import styles from './SideColumn.module.css';

export function SideBannerList({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <ul className={styles.banners}>
      {banners.map((banner, index) => (
        <li key={`${index}-${banner.bannerName}`}>
          <SmartLink href={banner.bannerUrl} newTab={isExternalUrl(banner.bannerUrl)} className={styles.banner}>
            <FallbackImage src={banner.bannerImgFileName} alt="" className={styles.bannerImage} aspectRatio="6 / 5" />
            <span className={styles.bannerText}>
              <span className={styles.bannerName}>{banner.bannerName}</span>
              {banner.bannerCaption && <span className={styles.bannerCaption}>{banner.bannerCaption}</span>}
            </span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

export function RelatedLinkList({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return <p className={styles.empty}>関連情報リンクはありません。</p>;
  return (
    <ul className={styles.links}>
      {banners.map((banner, index) => (
        <li key={`${index}-${banner.bannerName}`}>
          <SmartLink href={banner.bannerUrl} newTab={isExternalUrl(banner.bannerUrl)} className={styles.link}>
            <FallbackImage src={banner.bannerImgFileName} alt="" className={styles.linkImage} aspectRatio="15 / 4" />
            <span className={styles.linkText}>
              <span className={styles.linkName}>
                {banner.bannerName}
                {isExternalUrl(banner.bannerUrl) && (
                  <svg
                    viewBox="0 0 12 12"
                    width="10"
                    height="10"
                    aria-hidden="true"
                    focusable="false"
                    className={styles.externalMark}
                  >
                    <path
                      d="M5 2H2v8h8V7M7 1.5h3.5V5M10.5 1.5 5.5 6.5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.3"
                    />
                  </svg>
                )}
              </span>
              {banner.bannerCaption && <span className={styles.linkCaption}>{banner.bannerCaption}</span>}
            </span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
