import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Each namespace but the shell's is added by its own module (add-resources.ts), which every module reading the
// namespace imports: a page then downloads the texts it shows and no other, and they are there before it renders
// (no key shown for a moment, nor for good when the page came without them). Checked here on the sources.

const SRC = path.resolve(import.meta.dirname, '../..');
/** In the entry (i18n/index.ts): every page has them. */
const SHELL_NAMESPACES = new Set(['translation', 'submissions']);

const sources = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file))
  .map((file) => ({ file, text: readFileSync(path.join(SRC, file), 'utf8') }));

/** Namespace → the module (under src/, no extension) that adds it. */
const adders = new Map(
  sources.flatMap(({ file, text }) =>
    [...text.matchAll(/addNamespace\(\s*'(\w+)'/g)].map((match) => [match[1], file.replace(/\.tsx?$/, '')]),
  ),
);

/** The namespaces a module reads: `useTranslation('ns')`, `{ ns: 'ns' }`, `t('ns:key')`. */
const namespacesRead = (text: string) =>
  new Set(
    [...text.matchAll(/useTranslation\(\s*'(\w+)'|\bns: '(\w+)'|\bt\(\s*'(\w+):/g)].map(
      (match) => match[1] ?? match[2] ?? match[3] ?? '',
    ),
  );

/** The modules (under src/, no extension) that a module imports by relative path. */
const importsOf = (file: string, text: string) =>
  new Set(
    [...text.matchAll(/^import\s[^;]*?'(\.[^']+)';/gms)].map((match) =>
      path.join(path.dirname(file), match[1] ?? '').replace(/\.tsx?$/, ''),
    ),
  );

describe('namespaces', () => {
  it('are each added by one module', () => {
    expect(adders.size).toBeGreaterThan(20);
    for (const [namespace, module] of adders)
      expect(module, namespace).toMatch(/(^app\/i18n\/|\/)[\w-]*(resources|i18n)$/);
  });

  it('are imported by every module that reads them', () => {
    const missing: string[] = [];
    for (const { file, text } of sources) {
      const imported = importsOf(file, text);
      for (const namespace of namespacesRead(text)) {
        if (SHELL_NAMESPACES.has(namespace)) continue;
        const adder = adders.get(namespace);
        if (adder === undefined) missing.push(`${file}: '${namespace}' is added by no module`);
        else if (adder !== file.replace(/\.tsx?$/, '') && !imported.has(adder))
          missing.push(`${file}: reads '${namespace}' without importing ${adder}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
