import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|e2e)\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** Relative imports only, type-only ones included: a cycle of types still ties two files together. */
function importGraph(files: string[]) {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(/(?:from|import)\s+'(\.[^']+)'/g)]
        .map((match) => path.resolve(path.dirname(file), match[1] ?? ''))
        .filter((target) => known.has(target));
      return [file, targets];
    }),
  );
}

/** Every cycle met by a depth-first walk, each written as the files it goes through. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === 'open') cycles.push(stack.slice(stack.indexOf(target)));
      else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('imports', () => {
  it('finds a cycle of two files and one of three', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
    ]);
    expect(findCycles(graph)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
  });

  it.each(SOURCE_ROOTS)('form no cycle in %s', (root) => {
    const cycles = findCycles(importGraph(sourceFiles(path.join(repo, root))));
    expect(cycles.map((files) => files.map((file) => path.relative(repo, file)).join(' → '))).toEqual([]);
  });
});
