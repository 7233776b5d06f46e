// The carousel of the portal top (banners of kind 01): Swiper with autoplay every 2500 ms, a
// 500 ms transition, a pause while the pointer is over it, wrapping around, and about 1.8 to 2.3
// slides in view depending on the window width (spec 000 section 9); on a phone about one slide,
// moved by a swipe (docs/phones.md).
import { useRef } from 'react';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { FallbackImage } from '../../components/FallbackImage';
import { SmartLink } from '../../components/SmartLink';
import type { Banner } from './calls';
import styles from './Carousel.module.css';

export const CAROUSEL = {
  autoplayDelay: 2500,
  speed: 500,
  /** slidesPerView by window width (px and up). */
  breakpoints: {
    0: { slidesPerView: 1.15 },
    768: { slidesPerView: 1.8 },
    1280: { slidesPerView: 2 },
    1536: { slidesPerView: 2.15 },
    1800: { slidesPerView: 2.3 },
  },
} as const;

function Slide({ banner }: { banner: Banner }) {
  return (
    <SmartLink href={banner.bannerUrl} newTab={/^https?:/i.test(banner.bannerUrl)} className={styles.slideLink}>
      <FallbackImage
        src={banner.bannerImgFileName}
        alt=""
        className={styles.image}
        aspectRatio="3 / 1"
        loading="eager"
      />
      <span className={styles.caption}>
        <span className={styles.name}>{banner.bannerName}</span>
        {banner.bannerCaption && <span className={styles.text}>{banner.bannerCaption}</span>}
      </span>
    </SmartLink>
  );
}

export function Carousel({ banners }: { banners: Banner[] }) {
  const swiperRef = useRef<SwiperInstance | null>(null);
  if (banners.length === 0) return null;
  // Wrapping around needs more slides than are in view; with fewer the slides simply sit still.
  const canLoop = banners.length >= 4;
  return (
    <div
      className={styles.carousel}
      // Keyboard users get the same pause as the pointer: autoplay stops while focus is inside.
      onFocus={() => swiperRef.current?.autoplay?.pause()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) swiperRef.current?.autoplay?.resume();
      }}
    >
      <Swiper
        onSwiper={(swiper) => {
          swiperRef.current = swiper;
        }}
        modules={[A11y, Autoplay, Keyboard, Navigation, Pagination]}
        className={styles.swiper}
        loop={canLoop}
        centeredSlides={canLoop}
        speed={CAROUSEL.speed}
        autoplay={
          canLoop ? { delay: CAROUSEL.autoplayDelay, pauseOnMouseEnter: true, disableOnInteraction: false } : false
        }
        spaceBetween={16}
        slidesPerView={CAROUSEL.breakpoints[0].slidesPerView}
        breakpoints={CAROUSEL.breakpoints}
        navigation
        pagination={{ clickable: true }}
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{
          prevSlideMessage: '前のバナー',
          nextSlideMessage: '次のバナー',
          paginationBulletMessage: '{{index}}枚目のバナーを表示',
          slideLabelMessage: '{{index}} / {{slidesLength}}',
          containerMessage: 'カルーセル',
        }}
      >
        {banners.map((banner, index) => (
          <SwiperSlide key={`${index}-${banner.bannerName}`} className={styles.slide}>
            <Slide banner={banner} />
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
