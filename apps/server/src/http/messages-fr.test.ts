import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FRENCH_PATTERNS } from './message-patterns-fr.ts';
import { FRENCH_MESSAGES } from './messages-fr.ts';
import { frenchOf } from './reply-language.ts';

/**
 * Every English text the API replies with must have its French (messages-fr.ts). The texts are read from
 * the sources, where they are written: the arguments of refusal(), forbidden(), unauthorized() and
 * fieldErrors(), `detail:` bodies, the `…_MESSAGE` / `…_DETAIL` constants, zod's custom messages, and the
 * constants these name. A new text without French fails here, named.
 */

const SERVER_SRC = fileURLToPath(new URL('..', import.meta.url));
const CONTRACT_SRC = fileURLToPath(new URL('../../../../packages/contract/src', import.meta.url));
/** Read by the operator (start-up configuration, the admin command line), or test helpers: never a reply. */
const SKIPPED = /^(config(-sso)?\.ts|test\/.*|features\/admin\/.*)$/;

/** Texts the app replies with that no source of ours writes (Fastify's plugins, zod's own words). */
const OUTSIDE_TEXTS = [
  'Rate limit exceeded, retry in 1 minute',
  'Rate limit exceeded, retry in 30 seconds',
  'Invalid input',
  'Invalid ISO datetime',
  'Invalid string: must match pattern /^[0-9a-f]{64}$/',
  "Body is not valid JSON but content-type is set to 'application/json'",
  "Body cannot be empty when content-type is set to 'application/json'",
  'Unsupported Media Type',
  'Request body size did not match Content-Length',
];

function sourceFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .filter((file) => !SKIPPED.test(file.replaceAll(path.sep, '/')))
    .map((file) => path.join(root, file));
}

const QUOTES = new Set(["'", '"', '`']);
const REGEX_BEFORE = /([(,=:[!&|?{};>]|\b(return|typeof|case|in|of))$/;

/**
 * Two same-length copies of a source: without its comments, and also without the insides of its strings,
 * templates and regular expressions (delimiters kept), where code can be searched and brackets counted.
 */
function mask(source: string) {
  let text = '';
  let code = '';
  let i = 0;
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  const regexMayStart = () => code.trimEnd() === '' || REGEX_BEFORE.test(code.trimEnd());
  while (i < source.length) {
    const c = source[i] as string;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      text += blank(source.slice(i, stop));
      code += blank(source.slice(i, stop));
      i = stop;
    } else if (c === '/' && next === '*') {
      const stop = source.indexOf('*/', i) + 2;
      text += blank(source.slice(i, stop));
      code += blank(source.slice(i, stop));
      i = stop;
    } else if (QUOTES.has(c) || (c === '/' && regexMayStart())) {
      const stop = c === '/' ? regexEnd(source, i) : literalEnd(source, i);
      text += source.slice(i, stop);
      code += c + blank(source.slice(i + 1, stop - 1)) + source[stop - 1];
      i = stop;
    } else {
      text += c;
      code += c;
      i++;
    }
  }
  return { text, code };
}

function regexEnd(source: string, start: number) {
  let inClass = false;
  for (let i = start + 1; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) return i + 1;
    else if (c === '\n') return i;
  }
  return source.length;
}

/** The index after the string or template literal opening at `start` (a template's `${…}` skipped whole). */
function literalEnd(source: string, start: number): number {
  const quote = source[start];
  for (let i = start + 1; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === quote) return i + 1;
    else if (quote === '`' && c === '$' && source[i + 1] === '{') i = closing(source, i + 1) - 1;
  }
  return source.length;
}

/** The index after the bracket matching the one at `open`, strings inside skipped. */
function closing(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i] as string;
    if (QUOTES.has(c)) i = literalEnd(source, i) - 1;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && --depth === 0) return i + 1;
  }
  return source.length;
}

/** Where an expression starting at `start` of masked code ends: at a depth-0 `stops` or closing bracket. */
function expressionEnd(code: string, start: number, stops: string): number {
  let depth = 0;
  for (let i = start; i < code.length; i++) {
    const c = code[i] as string;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return i;
      depth--;
    } else if (depth === 0 && stops.includes(c)) return i;
  }
  return code.length;
}

/** Where the arguments of a call whose `(` is at `open` start, after the first `skip` of them. */
function argumentsAfter(code: string, open: number, skip: number): [number, number] {
  const end = closing(code, open) - 1;
  let from = open + 1;
  for (let n = 0; n < skip && from < end; n++) from = expressionEnd(code, from, ',') + 1;
  return [Math.min(from, end), end];
}

/** The value standing for a template's `${…}`: a number, else a word where a number cannot stand. */
const TEXTUAL =
  /\b(what|name|tag|filter|reason|address|kind|expected|singular|plural|labels?|keys|resourcetype|input|items|String)\b/;

/** A literal's texts: a template's `${…}` by its sample, or by each text of a ternary between texts. */
function literalTexts(text: string, start: number): string[] {
  const quote = text[start];
  const end = literalEnd(text, start) - 1;
  let variants = [''];
  for (let i = start + 1; i < end; i++) {
    const c = text[i] as string;
    let pieces: string[];
    if (c === '\\') {
      const escaped = text[++i] as string;
      pieces = [{ n: '\n', t: '\t' }[escaped] ?? escaped];
    } else if (quote === '`' && c === '$' && text[i + 1] === '{') {
      const stop = closing(text, i + 1);
      const expression = text.slice(i + 2, stop - 1);
      const inner = mask(expression);
      const branches = inner.code.includes('?')
        ? literalsOf(inner.text, inner.code, 0, expression.length)
        : [];
      pieces = branches.length > 0 ? branches : [TEXTUAL.test(expression) ? 'x' : '12'];
      if (branches.length === 1) pieces.push('');
      i = stop - 1;
    } else pieces = [c];
    variants = variants.flatMap((variant) => pieces.map((piece) => variant + piece));
  }
  return variants;
}

/** The texts of the literals in [from, to): not object keys, nor tagged templates (sql`…`). */
function literalsOf(text: string, code: string, from: number, to: number): string[] {
  const found: string[] = [];
  for (let i = from; i < to; i++) {
    if (!QUOTES.has(code[i] as string)) continue;
    const end = literalEnd(text, i);
    const tagged = code[i] === '`' && /[\w$.)]$/.test(code.slice(0, i));
    if (!tagged && code[end] !== ':') found.push(...literalTexts(text, i));
    i = end - 1;
  }
  return found;
}

/** Names of the constants a message may be kept in, and followed to from where it is sent. */
const CONSTANT_NAME = /^[A-Z][A-Z0-9_]*$|(Message|Messages|MESSAGES?|Detail|DETAIL|Error)$|^invalidPk$/;
/** Constants whose every text is a reply's, used or not. */
const MESSAGE_CONSTANT = /(_MESSAGE|_DETAIL|Message|Detail)$/;

interface Source {
  text: string;
  code: string;
}
interface Definition extends Source {
  where: string;
  from: number;
  to: number;
}

/** Where a text is sent: a call's arguments (after the first `skip`), or a property's or assignment's value. */
const CALL_SINKS: [RegExp, number][] = [
  [/\b(refusal|unauthorized)\s*\(/g, 1],
  [/\b(forbidden|fieldErrors|refuse|fail|addError|messages\.add)\s*\(/g, 0],
  [/\bnew\s+AppError\s*\(/g, 1],
  [/\.(refine|regex|min|max|length|int|nonempty)\s*\(/g, 1],
];
const VALUE_SINKS = [
  /\b(detail|message|error|customError)\s*:\s*/g,
  /\berrors(\.\w+|\[[^\]\n]*\])\s*=\s*/g,
  /\breturn\s*(?=\[)/g,
  /\bdetail\s*=\s*(?=['"`])/g,
];

function extractTexts(): { texts: Map<string, string>; files: number } {
  const files = [...sourceFiles(SERVER_SRC), ...sourceFiles(CONTRACT_SRC)];
  const sources = files.map((file) => ({
    where: path.relative(path.join(SERVER_SRC, '../../..'), file),
    ...mask(readFileSync(file, 'utf8')),
  }));
  const definitions = new Map<string, Definition[]>();
  for (const source of sources) {
    for (const match of source.code.matchAll(/\bconst\s+([A-Za-z_$][\w$]*)\s*(:|=(?![=>]))/g)) {
      const name = match[1] as string;
      if (!CONSTANT_NAME.test(name)) continue;
      let from = (match.index ?? 0) + match[0].length;
      if (match[2] === ':') from = typeAnnotationEnd(source.code, from) + 1;
      const to = expressionEnd(source.code, from, ';');
      definitions.set(name, [...(definitions.get(name) ?? []), { ...source, from, to }]);
    }
  }
  const texts = new Map<string, string>();
  const seen = new Set<string>();
  const collect = (source: Source, from: number, to: number, where: string) => {
    for (const text of literalsOf(source.text, source.code, from, to))
      if (/[a-z]{2}/.test(text) && (/\s/.test(text) || text.endsWith('.')))
        texts.set(text, texts.get(text) ?? where);
    // Constants named in the expression, followed to their texts (each once).
    for (const match of source.code.slice(from, to).matchAll(/(?<![\w$.])[A-Za-z_$][\w$]*/g)) {
      const name = match[0];
      if (seen.has(name)) continue;
      seen.add(name);
      for (const definition of definitions.get(name) ?? [])
        collect(definition, definition.from, definition.to, `${where} → ${name}`);
    }
  };
  for (const source of sources) {
    const { where } = source;
    for (const [sink, skip] of CALL_SINKS) {
      for (const match of source.code.matchAll(sink)) {
        const open = (match.index ?? 0) + match[0].length - 1;
        collect(source, ...argumentsAfter(source.code, open, skip), where);
      }
    }
    for (const sink of VALUE_SINKS) {
      for (const match of source.code.matchAll(sink)) {
        const from = (match.index ?? 0) + match[0].length;
        collect(source, from, expressionEnd(source.code, from, ',;'), where);
      }
    }
  }
  for (const [name, list] of definitions) {
    if (!MESSAGE_CONSTANT.test(name)) continue;
    for (const definition of list) collect(definition, definition.from, definition.to, definition.where);
  }
  return { texts, files: files.length };
}

/** The `=` after a constant's type annotation, whose `=>` and brackets are skipped. */
function typeAnnotationEnd(code: string, start: number): number {
  let depth = 0;
  for (let i = start; i < code.length; i++) {
    const c = code[i] as string;
    if (c === '=' && code[i + 1] === '>') i++;
    else if ('([{<'.includes(c)) depth++;
    else if (')]}>'.includes(c)) depth--;
    else if (c === '=' && depth === 0) return i;
  }
  return code.length;
}

describe('the French of the API’s texts', () => {
  const { texts, files } = extractTexts();
  const samples = [...texts.keys(), ...OUTSIDE_TEXTS];

  it('finds the texts in the sources', () => {
    expect(files).toBeGreaterThan(100);
    expect(texts.size).toBeGreaterThanOrEqual(100);
    expect(texts.has('This field is required.')).toBe(true);
    expect(texts.has('Not found.')).toBe(true);
  });

  it('has the French of every text', () => {
    const missing = samples
      .filter((text) => frenchOf(text) === undefined)
      .map((text) => `${text}  (${texts.get(text) ?? 'outside'})`);
    expect(missing).toEqual([]);
  });

  it('never leaves a text in English, nor a hole in a pattern', () => {
    const same = Object.entries(FRENCH_MESSAGES).filter(([english, fr]) => english === fr);
    expect(same).toEqual([]);
    const wrong = samples
      .map((text) => [text, frenchOf(text)] as const)
      .filter(([text, fr]) => fr !== undefined && (fr === text || /\$\{|undefined|\bnull\b/.test(fr)));
    expect(wrong).toEqual([]);
  });

  it('has anchored patterns, each of them for a text the app sends', () => {
    for (const [pattern] of FRENCH_PATTERNS) {
      expect(pattern.source.startsWith('^') && pattern.source.endsWith('$'), String(pattern)).toBe(true);
      expect(
        samples.some((text) => pattern.test(text)),
        `${pattern} matches no text`,
      ).toBe(true);
    }
  });

  it('translates as Django REST framework does', () => {
    expect(frenchOf('This field is required.')).toBe('Ce champ est obligatoire.');
    const long = frenchOf('Ensure this field has no more than 150 characters.');
    expect(long).toContain('150');
    expect(long).toMatch(/^Assurez-vous/);
    expect(frenchOf('A valid number is required.')).toBe('Un nombre valide est requis.');
    expect(frenchOf('"pink" is not a valid choice.')).toBe('« pink » n’est pas un choix valide.');
  });
});
