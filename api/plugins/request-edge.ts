// The edge every route shares (docs/decisions.md section 2), before the identity check and the route's
// schema: a control character in any string of the path, query or body is 400 ERR_0026 (never
// a 500 from the database), null or "" for a field whose schema refuses them counts as not
// given, and a number sent as digits or a flag sent as "true"/"false" or 1/0 where the schema
// wants a number or a flag is taken as meant. Routes declare their schemas as usual; nothing
// here is per route. Ajv's own coercion (`coerceTypes`) stays off: it would also turn null into
// 0 or false and "" into 0, and 1.5 into "1.5" for a text field (docs/wire-contract.md).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { controlCharacterPath, dropRefusedEmpties, meantScalars, type SchemaError } from '../http/edge-values';
import { problem } from '../http/problems';

export const refuseControlCharacters = (path: string) => problem.validation([{ messageId: 'ERR_0026', args: [path] }]);

/** Throws 400 ERR_0026 when a string of `value` (keys included) holds a control character. */
export function assertNoControlCharacters(value: unknown, path = ''): void {
  const found = controlCharacterPath(value, path);
  if (found) throw refuseControlCharacters(found);
}

export default fp(async function requestEdge(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    assertNoControlCharacters(request.params);
    assertNoControlCharacters(request.query);
    assertNoControlCharacters(request.body);

    const body = request.body;
    if (typeof body !== 'object' || body === null) return;
    const validate = request.getValidationFunction('body');
    if (!validate) return;
    // Validating removes the fields a schema does not declare (removeAdditional), and the
    // identity check that follows must still see every id the caller sent: the edge validates a
    // copy and mends the body itself at the paths the copy's errors name. Nested objects can
    // need a second pass (an error of the parent hides the child's).
    for (let pass = 0; pass < 3; pass++) {
      if (validate(structuredClone(body))) return;
      const errors = (validate.errors ?? []) as SchemaError[];
      if (dropRefusedEmpties(body, errors) + meantScalars(body, errors) === 0) return;
    }
  });
});
