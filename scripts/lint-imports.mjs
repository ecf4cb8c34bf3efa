// `npm run lint:imports`: the server's and the web app's imports checked against their floors
// (.dependency-cruiser.cjs, .dependency-cruiser-web.cjs). Fails on a cycle of files, a module on no floor, or
// more imports up a floor than the part's budget; prints the ones there are.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Each part, its folder and its budget of imports of one module by another that run up a floor (issue 55,
 * point 3: at most 8 on the server, 10 in the web app). A module is a folder, or a file at the folder's root
 * (`config.ts` is `config`); under `features/` (and the web's `lib/` and `app/`), each folder of it.
 */
const PARTS = [
  { name: 'Server', config: '.dependency-cruiser.cjs', src: 'apps/server/src/', upBudget: 8 },
  { name: 'Web', config: '.dependency-cruiser-web.cjs', src: 'apps/web/src/', upBudget: 10 },
];

let failed = false;
for (const { name, config, src, upBudget } of PARTS) {
  // depcruise exits non-zero on an error; its JSON is read either way.
  const { stdout, stderr } = spawnSync(
    path.join(root, 'node_modules/.bin/depcruise'),
    ['--config', config, '--output-type', 'json', src],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (!stdout) throw new Error(`depcruise wrote nothing: ${stderr}`);
  const { modules, summary } = JSON.parse(stdout);

  /** `features/items/export.ts` is in the module `features/items`; `config.ts` is `config`. */
  const moduleOf = (file) => {
    const parts = file
      .slice(src.length)
      .replace(/\.tsx?$/, '')
      .split('/');
    return ['features', 'lib', 'app'].includes(parts[0] ?? '') && parts.length > 1
      ? parts.slice(0, 2).join('/')
      : parts[0];
  };

  const edges = new Set();
  for (const { source, dependencies } of modules) {
    if (!source.startsWith(src)) continue;
    for (const { resolved } of dependencies) {
      if (resolved.startsWith(src) && moduleOf(resolved) !== moduleOf(source))
        edges.add(`${moduleOf(source)} → ${moduleOf(resolved)}`);
    }
  }
  const up = new Map();
  for (const { from, to, rule } of summary.violations) {
    if (rule.name !== 'no-import-up') continue;
    const edge = `${moduleOf(from)} → ${moduleOf(to)}`;
    up.set(edge, [...(up.get(edge) ?? []), `${from.slice(src.length)} → ${to.slice(src.length)}`]);
  }
  const errors = summary.violations.filter(({ rule }) => rule.name !== 'no-import-up');

  const moduleCount = new Set(
    modules.filter(({ source }) => source.startsWith(src)).map(({ source }) => moduleOf(source)),
  ).size;
  console.log(
    `${name}: ${moduleCount} modules, ${edges.size} imports between them, ${up.size} up a floor (at most ${upBudget}), ${errors.length} errors`,
  );
  for (const [edge, files] of [...up].sort()) console.log(`  up: ${edge} (${files.join(', ')})`);
  for (const { from, to, rule } of errors) console.log(`  ${rule.name}: ${from} → ${to}`);
  if (errors.length > 0 || up.size > upBudget) failed = true;
}
if (failed) process.exit(1);
