// The skill-up event calls (spec 002 sections 2.4, 4, 5, 7): the lists, the detail, the entry
// and its cancellation.
import { Type, type Static } from '@sinclair/typebox';
import { Body, CallerIds, TargetDate, WireId } from './common';
import { ImgItem, LinkItem, TempFileItem, VideoItem } from './contents';
import { NarrowKeyword, NarrowTags, NO_CONTROL } from './narrowing';

export const EventItem = Type.Object({
  contentsId: Type.Number(),
  categoryId: Type.Number(),
  thumbnailPath: Type.String({ description: 'Signed path of the thumbnail, else of the first image; "" when neither' }),
  thumbnailName: Type.String(),
  eventDate: Type.String({
    description: 'Start, yyyy/MM/dd HH:mm (Tokyo); the screen shows YYYY.MM.DD and the weekday',
  }),
  subCategoryName: Type.String(),
  newFlg: Type.Boolean(),
  closeFlg: Type.Boolean({ description: 'Registration has ended (deadline passed, held, or full)' }),
  contentsTitle: Type.String(),
});
export const EventTag = Type.Object({
  tagId: Type.Number(),
  tagName: Type.String(),
  categoryId: Type.Number(),
  categoryName: Type.String(),
  isChecked: Type.Boolean(),
});

export const EventListBody = Body({
  ...CallerIds,
  categoryId: WireId('The events category (7)'),
  narrowKeyword: NarrowKeyword,
  narrowTags: NarrowTags,
  targetDate: TargetDate,
  eventPeriodFrom: Type.Optional(
    Type.String({ maxLength: 10, pattern: NO_CONTROL, description: 'yyyy-MM-dd or yyyy/MM/dd' }),
  ),
  eventPeriodTo: Type.Optional(
    Type.String({ maxLength: 10, pattern: NO_CONTROL, description: 'yyyy-MM-dd or yyyy/MM/dd' }),
  ),
  isOutsideEventPeriod: Type.Optional(
    Type.Boolean({ description: 'Provider administrators only: every posting period, held events too' }),
  ),
});

export const EventDetailBody = Body({
  ...CallerIds,
  categoryId: WireId('The events category (7)'),
  contentsId: WireId('Event'),
  targetDate: TargetDate,
  isPreview: Type.Optional(Type.Boolean({ description: "Provider administrators' preview: every posting period" })),
});
export const EventActionBody = Body({
  ...CallerIds,
  categoryId: WireId('The events category (7)'),
  contentsId: WireId('Event'),
  screenName: Type.Optional(Type.String({ maxLength: 100, pattern: NO_CONTROL })),
});
export const EntryAnswer = Type.Object({
  isApplication: Type.Boolean(),
  completeMessage: Type.String(),
  addMessage: Type.String(),
});

export const EventDetail = Type.Object({
  categoryId: Type.Number(),
  categoryName: Type.String(),
  subCategoryId: Type.Union([Type.Number(), Type.Literal('')]),
  subCategoryName: Type.String(),
  contentsId: Type.Number(),
  title: Type.String(),
  keisaiKikanStart: Type.String(),
  keisaiKikanEnd: Type.String(),
  newFlg: Type.Boolean(),
  jyuyoFlg: Type.Boolean(),
  lastUpdate: Type.String(),
  contentsBody: Type.String({ description: 'HTML, sanitised when stored; sanitise again before display' }),
  contentsLinkList: Type.Array(LinkItem),
  contentsVideoList: Type.Array(VideoItem),
  contentsTempFileList: Type.Array(TempFileItem),
  contentsImgList: Type.Array(ImgItem),
  isFavorite: Type.Boolean(),
  detailPath: Type.String(),
  updateFormPath: Type.String({ description: 'Event registration form (provider administrators), else ""' }),
  eventDate: Type.String({ description: 'Start, yyyy/MM/dd HH:mm (Tokyo)' }),
  eventEndDate: Type.String({ description: 'End, yyyy/MM/dd HH:mm, or ""' }),
  registrationEndDate: Type.String({ description: 'Entry deadline, yyyy/MM/dd HH:mm' }),
  venue: Type.String(),
  isRegistrationEnded: Type.Boolean(),
  isApplication: Type.Boolean(),
});
export type EventItem = Static<typeof EventItem>;
export type EventTag = Static<typeof EventTag>;
export type EventDetail = Static<typeof EventDetail>;
export type EntryAnswer = Static<typeof EntryAnswer>;

/** /api/Event/getInitialDisplayEventList */
export const InitialEventsAnswer = Type.Object({
  eventListData: Type.Array(EventItem),
  applicationEventListData: Type.Array(EventItem),
  historyEventListData: Type.Array(EventItem),
  eventTagListData: Type.Array(EventTag),
  historyEventTagListData: Type.Array(EventTag),
  appDispCount: Type.Number(),
});
export type InitialEventsAnswer = Static<typeof InitialEventsAnswer>;

/** /api/Event/getSkilupEventList */
export const EventListAnswer = Type.Object({
  eventListData: Type.Array(EventItem),
  eventTagListData: Type.Array(EventTag),
});
export type EventListAnswer = Static<typeof EventListAnswer>;

/** /api/Event/getSkilupHistoryEventList */
export const HistoryEventListAnswer = Type.Object({
  historyEventListData: Type.Array(EventItem),
  historyEventTagListData: Type.Array(EventTag),
});
export type HistoryEventListAnswer = Static<typeof HistoryEventListAnswer>;
