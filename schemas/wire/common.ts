// TypeBox pieces shared by the wire declarations of every area (the wire names of spec section 7).
// The server validates and serialises with them; the renderer uses their Static types only
// (`import type`), so TypeBox stays out of the browser bundle.
import { Type, type TSchema } from '@sinclair/typebox';

export const SystemKbn = Type.Literal('01', { description: 'System kind, always "01"' });

const Id = (description: string) => Type.Optional(Type.String({ maxLength: 20, description }));

/** The caller ids most payloads carry; the server checks them against the token and ignores them. */
export const CallerIds = {
  userId: Id('Caller user id (must be the token user or its pseudo user)'),
  agCode: Id('Caller agent code (must be the token agent or its pseudo agent)'),
};

export const TargetDate = Type.Optional(
  Type.String({
    maxLength: 10,
    description: 'Business date yyyy/MM/dd or yyyy-MM-dd; honoured for provider administrators only',
  }),
);

/** A request body: the spec's fields plus systemKbn; unknown fields are dropped (removeAdditional). */
export const Body = <P extends Record<string, TSchema>>(props: P) =>
  Type.Object({ systemKbn: SystemKbn, ...props }, { additionalProperties: false });

export const EmptyResponse = Type.Object({});

/** A numeric id as a number or a string of digits (route parameters arrive as strings). */
export const WireId = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0, maximum: 2147483647 }), Type.String({ pattern: '^[0-9]{1,9}$' })], {
    description,
  });
