// The pickers of the agent user maintenance (spec 001 /aguser-maintenance, /api/AgUser/*): the
// agent codes the caller may manage and the roles of the form. The list, load, save and delete
// are the declared form ag-user. The server validates and serialises with these; the renderer
// (renderer/screens/signin-history/calls.ts) and the tests use their Static types.
import { Type, type Static } from '@sinclair/typebox';
import { Body, CallerIds } from './common';

/** /api/AgUser: every agent for a provider administrator, the own agent otherwise. */
export const AgentCodeListBody = Body(CallerIds);
export const AgentCodeItem = Type.Object({ agCode: Type.String(), agName: Type.String() });
export type AgentCodeItem = Static<typeof AgentCodeItem>;
export const AgentCodeListAnswer = Type.Object({ agCodeList: Type.Array(AgentCodeItem) });
export type AgentCodeListAnswer = Static<typeof AgentCodeListAnswer>;

/** /api/AgUser/getKinouKengenList: the agent's name and the roles (value role id, text its name). */
export const RoleListBody = Body({ ...CallerIds, displayAgCode: Type.Optional(Type.String({ maxLength: 1000 })) });
export const RoleListAnswer = Type.Object({
  agName: Type.String(),
  kinouKengenList: Type.Array(Type.Object({ value: Type.String(), text: Type.String() })),
});
export type RoleListAnswer = Static<typeof RoleListAnswer>;
