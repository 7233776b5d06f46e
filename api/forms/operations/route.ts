// How the engine registers one of a declared form's paths. Requests are taken by the lenient
// FormBody (the engine checks the record itself, request-body.ts / wire-record.ts); the OpenAPI
// document shows the body the definition declares (call-schema.ts) instead.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CallerIds, SystemKbn } from '../../http/wire';

/** Any body of a declared form: the caller's ids and the record's fields (checked by the engine, not by Ajv). */
const FormBody = Type.Object({ systemKbn: SystemKbn, ...CallerIds }, { additionalProperties: true });
const AnyAnswer = Type.Object({}, { additionalProperties: true });

interface RouteOptions {
  description: string;
  /** Whose call it is, for the description: `declared form ag-user`. */
  of: string;
  /** The body as the document shows it. */
  documented: Record<string, unknown>;
  /** A multipart call is read by request-body.ts (parts, identity, systemKbn); JSON by the schema. */
  multipart?: boolean;
}

type Handler = (request: FastifyRequest) => Promise<unknown>;

export function declaredRoute(app: FastifyInstance, path: string, o: RouteOptions, handler: Handler): void {
  app.post(
    path,
    {
      schema: o.multipart
        ? {
            description: `${o.description} (${o.of}; multipart/form-data or JSON)`,
            consumes: ['multipart/form-data', 'application/json'],
            response: { 200: AnyAnswer },
          }
        : { description: `${o.description} (${o.of})`, body: FormBody, response: { 200: AnyAnswer } },
      // In place of the app's transform (which only hides what is not under /api/ and opens public calls: these are neither).
      config: { swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, body: o.documented }, url }) },
    },
    handler,
  );
}
