// TypeBox pieces shared by the route schemas (the wire names of spec section 7).
import { Type, type TSchema } from '@sinclair/typebox';

export const SystemKbn = Type.Literal('01', { description: 'System kind, always "01"' });

const Id = (description: string) => Type.Optional(Type.String({ maxLength: 20, description }));

/** The caller ids most payloads carry; the server checks them against the token and ignores them. */
export const CallerIds = {
  userId: Id('Caller user id (must be the token user or its pseudo user)'),
  agCode: Id('Caller agent code (must be the token agent or its pseudo agent)'),
};

export const TargetDate = Type.Optional(
  Type.String({ maxLength: 10, description: 'Business date yyyy/MM/dd or yyyy-MM-dd; honoured for provider administrators only' }),
);

/** A request body: the spec's fields plus systemKbn; unknown fields are dropped (removeAdditional). */
export const Body = <P extends Record<string, TSchema>>(props: P) => Type.Object({ systemKbn: SystemKbn, ...props }, { additionalProperties: false });

export const EmptyResponse = Type.Object({});
