// The one-stop guide's calls (spec 000 /one-stop-gide, spec 001 section 7): the agent page's list
// and the management screen's categories and contents. The server validates and serialises with
// these; the renderer (renderer/screens/one-stop/calls.ts) and the tests use their Static types.
import { Type, type Static } from '@sinclair/typebox';
import { Body, CallerIds, TargetDate, WireId } from './common';
import { ContentsRow, TagRow } from './search';

export const OneStopCategory = Type.Object({
  categoryId: Type.Number(),
  categoryName: Type.String(),
  imgFileName: Type.String({ description: 'Signed image path of the block (GET); "" without an image' }),
  dispCount: Type.Number({ description: 'How many contents the block shows (to this caller, on the agent page)' }),
  description: Type.String({ description: 'Added: the line under the block title' }),
});

export const OneStopItem = Type.Object({
  categoryId: Type.Number(),
  contentsId: Type.Number(),
  subCategoryName: Type.String(),
  title: Type.String(),
  keisaikikanStart: Type.String({ description: 'yyyy/MM/dd' }),
  keisaikikanEnd: Type.String({ description: 'yyyy/MM/dd' }),
  displayTargetFlag: Type.Boolean({ description: 'Chosen for the block' }),
  displayOrder: Type.Number({ description: 'Order in the block (1…); 0 when not chosen' }),
});

export const OneStopAgentItem = Type.Intersect([
  OneStopItem,
  Type.Object({
    detailPath: Type.String({ description: 'First path segment of the detail page' }),
    newFlg: Type.Boolean(),
  }),
]);
export type OneStopCategory = Static<typeof OneStopCategory>;
export type OneStopItem = Static<typeof OneStopItem>;
export type OneStopAgentItem = Static<typeof OneStopAgentItem>;

/** /api/OneStopGide/getOneStopGideList */
export const OneStopListBody = Body({
  ...CallerIds,
  targetDate: TargetDate,
  keyword: Type.Optional(
    Type.String({
      maxLength: 1000,
      description: 'Added: search keyword (optional, 2 to 50 characters not counting spaces)',
    }),
  ),
  narrowTags: Type.Optional(
    Type.Array(WireId('Tag'), { maxItems: 500, description: 'Added: contents with any of these tags' }),
  ),
});

export const OneStopAnswer = Type.Object({
  categoryListData: Type.Array(OneStopCategory),
  oneStopGideListData: Type.Array(OneStopAgentItem),
  containtsListData: Type.Array(ContentsRow),
  tagListData: Type.Array(TagRow),
});
export type OneStopAnswer = Static<typeof OneStopAnswer>;

/** /api/OneStopGideKanri/getInitialData */
export const OneStopCategoriesAnswer = Type.Object({ categoryListData: Type.Array(OneStopCategory) });
/** /api/OneStopGideKanri/getContentsList */
export const OneStopContentsAnswer = Type.Object({ oneStopGideList: Type.Array(OneStopItem) });
