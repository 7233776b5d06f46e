// The banner areas, which the form's hook and the banner list routes both know.
import type { BannerKbn } from '../../db/schema';

/** Banner areas (spec 001 section 3): 01 carousel, 02 side, 03 related links, 04 skill-up training, 05 road to master. */
export const BANNER_AREAS: readonly { areaId: BannerKbn; areaName: string }[] = [
  { areaId: '01', areaName: 'カルーセルバナー' },
  { areaId: '02', areaName: 'サイドバナー' },
  { areaId: '03', areaName: '関連リンク' },
  { areaId: '04', areaName: 'スキルアップ研修' },
  { areaId: '05', areaName: 'マスターへの道' },
];

export const isBannerArea = (v: unknown): v is BannerKbn => BANNER_AREAS.some((a) => a.areaId === v);
