import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ChunkPlan, PLANNED_PREFIX, planChunks, plannedGroup, takeChunkPlan } from './chunk-plan';

const ROOT = '/app';
let dir: string;
let planFile: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'chunk-plan-'));
  planFile = path.join(dir, 'cache', 'plan.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A chunk as rolldown hands it to generateBundle, with what the plan reads. */
function chunk(
  fileName: string,
  moduleIds: string[],
  options: { name?: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean } = {},
) {
  return {
    type: 'chunk',
    fileName,
    name: options.name ?? 'vendor~x',
    moduleIds,
    imports: options.imports ?? [],
    isEntry: options.isEntry ?? false,
    isDynamicEntry: options.isDynamicEntry ?? false,
    facadeModuleId: options.isEntry || options.isDynamicEntry ? moduleIds[0] : null,
  } as unknown as Rolldown.OutputChunk;
}

function plan(routes: Record<string, string[]>, chunks: Rolldown.OutputChunk[]): ChunkPlan {
  const plugin = planChunks(routes, ['react'], planFile) as Plugin & {
    configResolved: (config: { root: string }) => void;
    generateBundle: (options: unknown, bundle: Rolldown.OutputBundle) => void;
  };
  plugin.configResolved({ root: ROOT });
  plugin.generateBundle({}, Object.fromEntries(chunks.map((each) => [each.fileName, each])));
  return JSON.parse(readFileSync(planFile, 'utf8')) as ChunkPlan;
}

describe('the chunk plan', () => {
  // The entry imports react; two pages each import their own chunk and shared ones.
  const chunks = [
    chunk('index.js', ['/app/src/main.tsx'], { isEntry: true, name: 'index', imports: ['react.js'] }),
    chunk('react.js', ['/nm/react.js'], { name: 'react' }),
    chunk('a.js', ['/app/src/a.tsx'], {
      isDynamicEntry: true,
      name: 'a',
      imports: ['icons.js', 'table.js', 'only-a.js', 'react.js'],
    }),
    chunk('b.js', ['/app/src/b.tsx'], { isDynamicEntry: true, name: 'b', imports: ['icons.js', 'table.js'] }),
    chunk('icons.js', ['/nm/icon-1.js', '/nm/icon-2.js']),
    chunk('table.js', ['/nm/table.js'], { name: 'use-table' }),
    chunk('only-a.js', ['/nm/only-a.js']),
    chunk('dialog.js', ['/nm/dialog.js']),
  ];
  const routes = { '/a': ['src/a.tsx'], '/b': ['src/b.tsx'] };

  it('puts in one chunk the chunks that the same routes load, and no other', () => {
    const planned = plan(routes, chunks);
    // icons.js and table.js: both routes; only-a.js alone with its set; dialog.js by none at first.
    expect(Object.keys(planned).sort()).toEqual(['/nm/icon-1.js', '/nm/icon-2.js', '/nm/table.js']);
    expect(new Set(Object.values(planned)).size).toBe(1);
    expect(planned['/nm/table.js']?.startsWith(PLANNED_PREFIX)).toBe(true);
  });

  it('leaves entries, pages loaded with import() and named groups apart', () => {
    // Both routes load the entry, react and (here) a.js: none of them is merged.
    const planned = plan({ '/a': ['src/a.tsx'], '/b': ['src/a.tsx', 'src/b.tsx'] }, chunks);
    expect(Object.keys(planned)).not.toContain('/app/src/main.tsx');
    expect(Object.keys(planned)).not.toContain('/nm/react.js');
    expect(Object.keys(planned)).not.toContain('/app/src/a.tsx');
    expect(Object.keys(planned).sort()).toEqual([
      '/nm/icon-1.js',
      '/nm/icon-2.js',
      '/nm/only-a.js',
      '/nm/table.js',
    ]);
  });

  it('is read once: a build run alone later splits as the groups say', () => {
    plan(routes, chunks);
    const taken = takeChunkPlan(planFile);
    expect(taken?.['/nm/table.js']).toBeDefined();
    expect(existsSync(planFile)).toBe(false);
    expect(takeChunkPlan(planFile)).toBeUndefined();
    const group = plannedGroup(taken ?? {});
    expect(group.test('/nm/table.js')).toBe(true);
    expect(group.test('/nm/dialog.js')).toBe(false);
    expect(group.name('/nm/icon-1.js')).toBe(taken?.['/nm/table.js']);
  });
});
