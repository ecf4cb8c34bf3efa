// Builds the server to JavaScript in dist/ (issue 55, point 7): each module of src/ to its own file at the
// same place, so that what a module finds beside it (migrations, SQL functions, worker files) is there
// too; the contract, which is TypeScript, bundled once into dist/contract.js. Packages stay in node_modules.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const server = import.meta.dirname;
const src = path.join(server, 'src');
const dist = path.join(server, 'dist');
const contractFile = path.join(dist, 'contract.js');

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test');
const files = readdirSync(src, { recursive: true })
  .map((file) => path.join(src, file))
  .filter((file) => !isTest(path.relative(src, file)));

/** `./x.ts` becomes `./x.js`, the contract the relative path to its bundle; every other import stays. */
const keepModulesApart = {
  name: 'keep-modules-apart',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, ({ path: specifier, importer, kind }) => {
      if (kind === 'entry-point') return undefined;
      const from = path.dirname(importer).replace(src, dist);
      if (specifier === '@shortlist/contract') {
        const relative = path.relative(from, contractFile).split(path.sep).join('/');
        return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
      }
      if (specifier.startsWith('.')) return { path: specifier.replace(/\.ts$/, '.js'), external: true };
      return { path: specifier, external: true };
    });
  },
};

const started = performance.now();
rmSync(dist, { recursive: true, force: true });
const common = { platform: 'node', format: 'esm', target: 'node20', bundle: true, logLevel: 'warning' };
await build({
  ...common,
  entryPoints: files.filter((file) => file.endsWith('.ts')),
  outbase: src,
  outdir: dist,
  plugins: [keepModulesApart],
});
await build({
  ...common,
  entryPoints: [path.join(server, '../../packages/contract/src/index.ts')],
  outfile: contractFile,
  packages: 'external',
});
for (const file of files.filter((file) => path.extname(file) && !file.endsWith('.ts')))
  cpSync(file, file.replace(src, dist));
console.log(
  `Server built to ${path.relative(process.cwd(), dist) || '.'} in ${Math.round(performance.now() - started)} ms`,
);
