// npm run build:server: the API compiled into one ES module, dist/server/server.js, run by plain
// `node` in production (docs/operations.md "Compiled start"). The sources import without file
// extensions, which Node's own ESM resolver refuses, so esbuild bundles them; packages stay in
// node_modules (external), only the portal's own code is in the bundle.
//
// What the code reads from disk at run time (schemas/*.json, seeds/files, dist/renderer) is found
// relative to each source file's own location (import.meta.url). In one bundle every module would
// share the bundle's location, so each source file's import.meta.url is replaced by the address
// of that source file, computed from the bundle's: the paths resolve as they do under tsx.
/* global console */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist', 'server');

/** import.meta.url → the source file's URL, relative to the bundle (so the tree may be moved whole). */
const sourceLocation = {
  name: 'source-location',
  setup(build) {
    build.onLoad({ filter: /\.ts$/, namespace: 'file' }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = path.relative(outDir, args.path).split(path.sep).join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

const started = Date.now();
await esbuild.build({
  absWorkingDir: root,
  entryPoints: { server: 'api/server.ts' },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true, // `node --enable-source-maps`: stack traces in the log name the .ts lines
  logLevel: 'warning',
  plugins: [sourceLocation],
});
console.log(`API compiled to ${path.relative(root, outDir)}/server.js in ${Date.now() - started} ms`);
