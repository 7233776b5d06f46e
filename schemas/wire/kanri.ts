// The admin top's calls (spec 001 "Admin top", spec 000 "Pseudo-login"): the admin buttons the
// caller may use and the pseudo-login of provider administrators. The server validates and
// serialises with these; the renderer (renderer/screens/kanri/calls.ts) and the tests use their
// Static types.
import { Type, type Static } from '@sinclair/typebox';
import { Permission } from './auth';
import { Body, CallerIds } from './common';

/** /api/KanriTop/getKanriCategory */
export const KanriCategoryBody = Body(CallerIds);
/** A category with the caller's flag, as the permissions list gives it without systemCategoryName. */
export const AdminCategory = Type.Omit(Permission, ['systemCategoryName']);
export type AdminCategory = Static<typeof AdminCategory>;
export const KanriCategoryAnswer = Type.Object({ categoryListData: Type.Array(AdminCategory) });
export type KanriCategoryAnswer = Static<typeof KanriCategoryAnswer>;

/** /api/KanriTop/changeAgCode: the own agent code cancels; an unknown one answers isSuccess false. */
export const ChangeAgCodeBody = Body({
  ...CallerIds,
  pseudoLoginAgCode: Type.String({ maxLength: 100 }),
  pseudoLoginId: Type.Optional(Type.String({ maxLength: 100 })),
});
export const PseudoResult = Type.Object({
  isSuccess: Type.Boolean(),
  pseudoLoginAgCode: Type.String(),
  pseudoLoginAgName: Type.String(),
  pseudoLoginUserId: Type.String(),
  pseudoDaihyoCode: Type.String(),
  pseudoInvoiceNo: Type.String(),
});
export const ChangeAgCodeAnswer = Type.Object({ token: Type.String(), user: PseudoResult });
export type ChangeAgCodeAnswer = Static<typeof ChangeAgCodeAnswer>;
