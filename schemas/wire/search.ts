// The site search (spec 000 section 7, docs/search.md): the searchable categories and the
// content list with its tags. The one-stop guide answers the same rows.
import { Type, type Static } from '@sinclair/typebox';
import { Body, CallerIds, TargetDate, WireId } from './common';

/** /api/SiteSearch/getCategoryList */
export const SearchCategoryListBody = Body(CallerIds);
export const SearchCategory = Type.Object({ categoryId: Type.Number(), categoryName: Type.String() });
/** A searchable category; sign-in keeps the list in the session for the header's search box. */
export type SearchCategory = Static<typeof SearchCategory>;
export const SearchCategoryListAnswer = Type.Object({ categoryListData: Type.Array(SearchCategory) });
export type SearchCategoryListAnswer = Static<typeof SearchCategoryListAnswer>;

/** /api/SiteSearch/getContentsList */
export const ContentsRow = Type.Object({
  contentId: Type.Number(),
  categoryId: Type.Number(),
  subCategoryName: Type.String(),
  postPeriod: Type.String({ description: 'Posting start, yyyy/MM/dd' }),
  contentsTitle: Type.String(),
  detailPath: Type.String({ description: 'Detail page: /{detailPath}/categoryId/{categoryId}/contentsId/{contentId}' }),
  updateFormPath: Type.String({ description: 'Registration form for editing; provider administrators only, else ""' }),
  newFlg: Type.Boolean(),
  fileFlg: Type.Boolean({ description: 'The content has documents to download' }),
  serchScore: Type.Number({
    description: 'Relevance: per term 8 title + 4 tags + 2 sub-category + 1 body; 0 without keyword',
  }),
});

export const TagRow = Type.Object({
  tagId: Type.Number(),
  tagName: Type.String(),
  categoryId: Type.Union([Type.Number(), Type.Literal('')], {
    description: 'Category of the tag; "" for a tag of every category',
  }),
  categoryName: Type.String(),
  isChecked: Type.Boolean({ description: 'The tag is in narrowTags' }),
});

export const ContentsListBody = Body({
  ...CallerIds,
  keyword: Type.Optional(
    Type.String({
      maxLength: 1000,
      description:
        'Keyword: required without categoryId; 2 to 50 characters not counting spaces; spaces separate terms that must all be found',
    }),
  ),
  categoryId: Type.Optional(
    Type.Union([WireId('Category searched (the category page or the header dropdown)'), Type.Literal('')]),
  ),
  narrowKeyword: Type.Optional(
    Type.String({
      maxLength: 1000,
      description: 'Narrowing keyword of the side panel (optional, at least 2 characters)',
    }),
  ),
  narrowCategorys: Type.Optional(
    Type.Array(WireId('Category'), {
      maxItems: 200,
      description: 'Narrow to these categories (a parent stands for its children); used when isNarrowCategory',
    }),
  ),
  narrowTags: Type.Optional(
    Type.Array(WireId('Tag'), { maxItems: 500, description: 'Narrow to contents with any of these tags' }),
  ),
  postPeriodFrom: Type.Optional(
    Type.String({
      maxLength: 10,
      description: 'Posting start from (yyyy/MM/dd); provider administrators or the notices category only',
    }),
  ),
  postPeriodTo: Type.Optional(
    Type.String({
      maxLength: 10,
      description: 'Posting start to (yyyy/MM/dd); provider administrators or the notices category only',
    }),
  ),
  isOutsidePostPeriod: Type.Optional(
    Type.Boolean({
      description:
        'Also contents outside their posting period: every period for provider administrators; ended ones (never future ones) on the notices category',
    }),
  ),
  targetDate: TargetDate,
  isRegSerchHistory: Type.Optional(Type.Boolean({ description: 'Register the keyword in the search history' })),
  isNarrowCategory: Type.Optional(Type.Boolean({ description: 'narrowCategorys applies' })),
});
export type ContentsRow = Static<typeof ContentsRow>;
export type TagRow = Static<typeof TagRow>;
export const ContentsListAnswer = Type.Object({
  containtsListData: Type.Array(ContentsRow),
  tagListData: Type.Array(TagRow),
});
export type ContentsListAnswer = Static<typeof ContentsListAnswer>;
