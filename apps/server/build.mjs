// Builds the server to JavaScript in dist/ (issue 55, point 7, decision 207): one file, dist/server.js, with
// the contract inside (it is TypeScript); each worker thread's file (`*-worker.ts`) its own bundle at its place
// under dist/; the other files of src/ (migrations, SQL functions) copied to the same place under dist/.
// Packages stay in node_modules.
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const server = import.meta.dirname;
const src = path.join(server, 'src');
const dist = path.join(server, 'dist');

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test');
const files = readdirSync(src, { recursive: true })
  .filter((file) => !isTest(file))
  .map((file) => path.join(src, file));

/**
 * A module's `import.meta.url` as if it ran from its own place under dist/ (`dist/db/client.js`), not from
 * the bundle: what it finds beside it (the migrations, the SQL functions, a worker's file) is copied there.
 */
const urlOfItsPlace = {
  name: 'url-of-its-place',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, ({ path: file }) => {
      const code = readFileSync(file, 'utf8');
      if (!file.startsWith(src) || !code.includes('import.meta.url')) return undefined;
      const place = `./${path.relative(src, file).split(path.sep).join('/').replace(/\.ts$/, '.js')}`;
      return {
        contents: code.replaceAll('import.meta.url', `new URL('${place}', import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

const started = performance.now();
rmSync(dist, { recursive: true, force: true });
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@shortlist/contract': path.join(server, '../../packages/contract/src/index.ts') },
  logLevel: 'warning',
};
await build({
  ...common,
  entryPoints: [path.join(src, 'server.ts')],
  outfile: path.join(dist, 'server.js'),
  plugins: [urlOfItsPlace],
});
await build({
  ...common,
  entryPoints: files.filter((file) => file.endsWith('-worker.ts')),
  outbase: src,
  outdir: dist,
});
for (const file of files.filter((file) => path.extname(file) && !/\.tsx?$/.test(file)))
  cpSync(file, file.replace(src, dist));
console.log(
  `Server built to ${path.relative(process.cwd(), dist) || '.'} in ${Math.round(performance.now() - started)} ms`,
);
