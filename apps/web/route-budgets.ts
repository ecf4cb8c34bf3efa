import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { COMPRESSIBLE, MIN_BYTES } from './precompress-plugin';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from './route-preloads-plugin';

const KIB = 1024;

/** Each route's budget in KiB, by route pattern as route-preloads.json names it (`*`: any other path). */
export interface RouteBudgets {
  note?: string;
  /**
   * No budget may pass it: the KiB goal of a page's first visit less what the bench counts and the build
   * does not (the API's replies, the icon), so that a route within its budget is within the goal.
   */
  ceiling?: number;
  routes: Record<string, number>;
}

export interface RouteWeight {
  path: string;
  kib: number;
  files: { file: string; kib: number }[];
}

/** A built file's bytes as the server sends it: its brotli copy when the build wrote one (precompress-plugin.ts). */
function servedBytes(dist: string, file: string): number {
  const full = path.join(dist, file);
  if (!existsSync(full)) throw new Error(`route budgets: ${file} is named but not in the build`);
  const size = statSync(full).size;
  if (!COMPRESSIBLE.test(file) || size < MIN_BYTES) return size;
  if (!existsSync(`${full}.br`))
    throw new Error(`route budgets: ${file} has no .br copy (run after precompress)`);
  return statSync(`${full}.br`).size;
}

/** index.html and what it names itself (the entry, its imports, the styles, the icon), by path in the build. */
function indexFiles(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const named = [...html.matchAll(/\s(?:src|href)="\/([^"]+)"/g)].map((match) => match[1] ?? '');
  return ['index.html', ...new Set(named)];
}

/**
 * What a first visit of each route downloads, as served (compressed; headers and API replies aside):
 * index.html with what it names, and the chunks and styles that route-preloads.json lists for the route.
 */
export function routeWeights(dist: string): RouteWeight[] {
  const base = indexFiles(dist);
  const routes = JSON.parse(readFileSync(path.join(dist, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreload[];
  return routes.map((route) => {
    const files = [
      ...new Set([...base, ...[...route.scripts, ...route.styles].map((url) => url.replace(/^\//, ''))]),
    ];
    const sized = files.map((file) => ({ file, kib: servedBytes(dist, file) / KIB }));
    return { path: route.path, kib: sized.reduce((sum, each) => sum + each.kib, 0), files: sized };
  });
}

/**
 * What is wrong with the weights against the budgets: a route over its budget, without one, a budget of no
 * route, or past the ceiling.
 */
export function budgetProblems(weights: RouteWeight[], budgets: RouteBudgets): string[] {
  const problems: string[] = [];
  for (const weight of weights) {
    const budget = budgets.routes[weight.path];
    if (budget === undefined) {
      problems.push(`${weight.path}: ${weight.kib.toFixed(1)} KiB and no budget`);
    } else if (weight.kib > budget) {
      const largest = [...weight.files]
        .sort((a, b) => b.kib - a.kib)
        .slice(0, 4)
        .map((each) => `${each.file} ${each.kib.toFixed(1)}`)
        .join(', ');
      problems.push(
        `${weight.path}: ${weight.kib.toFixed(1)} KiB, over its budget of ${budget} KiB by ${(weight.kib - budget).toFixed(1)} ` +
          `(${weight.files.length} files; largest: ${largest})`,
      );
    }
  }
  const routes = new Set(weights.map((weight) => weight.path));
  for (const pattern of Object.keys(budgets.routes)) {
    if (!routes.has(pattern))
      problems.push(`${pattern}: a budget but no such route in ${ROUTE_PRELOADS_FILE}`);
  }
  for (const [pattern, budget] of Object.entries(budgets.routes)) {
    if (budgets.ceiling !== undefined && budget > budgets.ceiling)
      problems.push(`${pattern}: a budget of ${budget} KiB, past the ceiling of ${budgets.ceiling} KiB`);
  }
  return problems;
}

/** Throws, naming every route at fault, when a built app in `dist` breaks the budgets of `budgetsFile`. */
export function checkRouteBudgets(dist: string, budgetsFile: string): RouteWeight[] {
  const weights = routeWeights(dist);
  const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8')) as RouteBudgets;
  const problems = budgetProblems(weights, budgets);
  if (problems.length > 0) {
    throw new Error(
      [
        `Route budgets (${path.basename(budgetsFile)}: KiB that a first visit downloads, compressed as served):`,
        ...problems.map((problem) => `  ${problem}`),
        'Make the route load less (docs/performance.md, "Admin pages"), or raise its budget and say why in the commit.',
      ].join('\n'),
    );
  }
  return weights;
}

/** Checks the build against `budgetsFile` once its files and their compressed copies are written. */
export function routeBudgets(budgetsFile: string): Plugin {
  let dist = 'dist';
  return {
    name: 'shortlist-route-budgets',
    apply: 'build',
    configResolved(config) {
      dist = path.resolve(config.root, config.build.outDir);
    },
    // After precompress-plugin.ts's closeBundle (listed before it; hooks run one plugin after the other).
    closeBundle: {
      order: 'post',
      handler() {
        // No index.html: an earlier plugin failed the build, and its error is the one to read.
        if (!existsSync(path.join(dist, 'index.html'))) return;
        const weights = checkRouteBudgets(dist, budgetsFile);
        const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8')) as RouteBudgets;
        const tightest = weights
          .map((weight) => ({ ...weight, share: weight.kib / (budgets.routes[weight.path] ?? 1) }))
          .sort((a, b) => b.share - a.share)[0];
        this.info(
          `${weights.length} routes within their budgets; the closest: ${tightest?.path} ` +
            `${tightest?.kib.toFixed(1)} of ${budgets.routes[tightest?.path ?? '']} KiB`,
        );
      },
    },
  };
}
