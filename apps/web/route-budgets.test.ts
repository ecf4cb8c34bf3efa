import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkRouteBudgets, routeWeights } from './route-budgets';

const KIB = 1024;
const INDEX_HTML =
  '<script type="module" crossorigin src="/assets/index.js"></script><link rel="stylesheet" href="/assets/index.css">';
let dist: string;

/** A file of the build and, when given, its brotli copy (precompress-plugin.ts writes one from 1 KiB). */
function write(file: string, bytes: number, brotliBytes?: number) {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), 'x'.repeat(bytes));
  if (brotliBytes !== undefined) writeFileSync(path.join(dist, `${file}.br`), 'x'.repeat(brotliBytes));
}

function budgets(routes: Record<string, number>, ceiling?: number) {
  const file = path.join(dist, 'route-budgets.json');
  writeFileSync(file, JSON.stringify({ ceiling, routes }));
  return file;
}

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'route-budgets-'));
  // index.html names the entry and its style; a route adds its chunks, another shares one of them.
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  write('assets/index.js', 100 * KIB, 30 * KIB);
  write('assets/index.css', 500);
  write('assets/page.js', 40 * KIB, 10 * KIB);
  write('assets/shared.js', 80 * KIB, 20 * KIB);
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify([
      { path: '/page', scripts: ['/assets/page.js', '/assets/shared.js'], styles: [] },
      { path: '*', scripts: ['/assets/shared.js'], styles: [] },
    ]),
  );
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('route budgets', () => {
  it('weighs a route as served: index.html, what it names and its chunks, compressed where the build compressed', () => {
    const weights = Object.fromEntries(routeWeights(dist).map((weight) => [weight.path, weight.kib]));
    // index.html and the small style as they are, the scripts' brotli copies.
    const base = INDEX_HTML.length / KIB + 500 / KIB + 30;
    expect(weights['/page']).toBeCloseTo(base + 10 + 20, 5);
    expect(weights['*']).toBeCloseTo(base + 20, 5);
  });

  it('passes a build within its budgets', () => {
    expect(() => checkRouteBudgets(dist, budgets({ '/page': 61, '*': 51 }))).not.toThrow();
  });

  it('fails the build when a route grows past its budget, naming the route, the excess and the largest files', () => {
    write('assets/page.js', 200 * KIB, 25 * KIB);
    expect(() => checkRouteBudgets(dist, budgets({ '/page': 61, '*': 51 }))).toThrow(
      /\/page: 75\.\d KiB, over its budget of 61 KiB by 14\.\d \(5 files; largest: assets\/index\.js 30\.0, assets\/page\.js 25\.0/,
    );
  });

  it('fails on a route without a budget and on a budget of no route', () => {
    expect(() => checkRouteBudgets(dist, budgets({ '/page': 61, '/gone': 10 }))).toThrow(
      /\*: 50\.\d KiB and no budget[\s\S]*\/gone: a budget but no such route/,
    );
  });

  it('fails on a budget past the ceiling, though the route is within it', () => {
    expect(() => checkRouteBudgets(dist, budgets({ '/page': 61, '*': 51 }, 61))).not.toThrow();
    expect(() => checkRouteBudgets(dist, budgets({ '/page': 62, '*': 51 }, 61))).toThrow(
      '/page: a budget of 62 KiB, past the ceiling of 61 KiB',
    );
  });

  it('refuses a large file without its compressed copy rather than weigh it wrong', () => {
    rmSync(path.join(dist, 'assets/page.js.br'));
    expect(() => routeWeights(dist)).toThrow('assets/page.js has no .br copy');
  });
});
