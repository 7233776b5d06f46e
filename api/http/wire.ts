// TypeBox pieces shared by the route schemas, declared with the wire types in schemas/wire/common.ts
// (shared with the renderer); the server's routes import them from here or from schemas/wire.
export { Body, CallerIds, EmptyResponse, SystemKbn, TargetDate } from '../../schemas/wire/common';
