// The import boundaries between the parts of the portal (docs/architecture.md, "Boundaries"), as
// an ESLint rule of our own: relative imports are resolved against the importing file, so
// `renderer/api/` (the browser's API client) is not mistaken for the server's `api/`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The repository-relative path, with forward slashes. */
function fromRoot(file) {
  return path.relative(root, file).split(path.sep).join('/');
}

function under(file, dir) {
  return file === dir || file.startsWith(`${dir}/`);
}

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids imports across the boundaries between server, browser and shared schemas' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                files: { type: 'string' },
                forbid: { type: 'array', items: { type: 'string' } },
                because: { type: 'string' },
                allow: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { file: { type: 'string' }, target: { type: 'string' } },
                    additionalProperties: false,
                  },
                },
              },
              required: ['files', 'forbid', 'because'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: { forbidden: '{{from}} may not import {{target}}: {{because}}' },
  },
  create(context) {
    const zones = context.options[0]?.zones ?? [];
    const file = fromRoot(context.filename);
    const mine = zones.filter((z) => under(file, z.files));
    if (!mine.length) return {};
    function check(source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = fromRoot(path.resolve(path.dirname(context.filename), source.value));
      for (const z of mine) {
        const dir = z.forbid.find((d) => under(target, d));
        if (!dir) continue;
        if ((z.allow ?? []).some((a) => a.file === file && under(target, a.target))) continue;
        context.report({
          node: source,
          messageId: 'forbidden',
          data: { from: z.files, target: dir, because: z.because },
        });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const boundariesPlugin = { rules: { 'import-boundaries': importBoundaries } };
