import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { vi } from 'vitest';
import { FRENCH_MESSAGES } from '../../apps/server/src/http/messages-fr.ts';
import { stubBrowser } from './browser-globals.ts';

const WEB_SRC = path.resolve(import.meta.dirname, '../../apps/web/src');

/** Every text of a catalogue (nested objects of strings). */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(textsOf)
      : [];

/** A text's words, lower case: its {{placeholders}}, markup and e-mail addresses left out, "item’s" as "item" and "s". */
export const wordsOf = (text: string) =>
  (text.replace(/\{\{[^}]*\}\}|<[^>]*>|\S+@\S+/g, ' ').match(/\p{L}+/gu) ?? []).map((word) =>
    word.toLowerCase(),
  );

/**
 * The app's own English and French texts: the web's catalogues (lib/i18n/en.ts and fr.ts, each feature's
 * `en` and `fr` in its i18n modules) and the server's English messages with their French.
 */
async function catalogues() {
  const modules = (readdirSync(WEB_SRC, { recursive: true }) as string[])
    .filter((file) => /(^|\/)([\w-]*i18n|en|fr)\.ts$/.test(file) && !file.includes('.test.'))
    .map((file) => path.join(WEB_SRC, file));
  const english: string[] = Object.keys(FRENCH_MESSAGES);
  const french: string[] = Object.values(FRENCH_MESSAGES);
  // A module that adds its namespace to the running i18n (status-i18n.ts) needs a window to load. Taken away
  // after: the files of a run share one process (isolate: false), and axe-core, loaded by a later file,
  // takes a stub window for a browser's.
  stubBrowser();
  try {
    for (const file of modules) {
      const module = (await import(file)) as { en?: unknown; fr?: unknown };
      english.push(...textsOf(module.en));
      french.push(...textsOf(module.fr));
    }
  } finally {
    vi.unstubAllGlobals();
  }
  return { english, french };
}

/**
 * The words of the app's English texts that none of its French texts has ("unsubscribe", "erased", "mb";
 * not "budget" nor "total"): one of them on a French page is English the page should not show.
 */
export async function englishOnlyWords(): Promise<Set<string>> {
  const { english, french } = await catalogues();
  const frenchWords = new Set(french.flatMap(wordsOf));
  return new Set(english.flatMap(wordsOf).filter((word) => word.length > 1 && !frenchWords.has(word)));
}

/**
 * The page's French as a reader meets it: its title, the visible text, and labels, placeholders, titles;
 * not a part marked in another language (the switcher's "English"), nor Ant Design's icons' names.
 */
const readPage = (page: Page) =>
  page.evaluate(() => {
    const isFrench = (node: Node) => {
      const element = node instanceof Element ? node : node.parentElement;
      const marked = element?.closest('[lang]');
      return !marked || marked.getAttribute('lang')?.startsWith('fr');
    };
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const shown = node.parentElement?.checkVisibility({ visibilityProperty: true }) ?? false;
      if (shown && isFrench(node)) texts.push(node.textContent ?? '');
    }
    const attributes = ['aria-label', 'placeholder', 'title', 'alt'];
    for (const element of document.querySelectorAll(attributes.map((name) => `[${name}]`).join(','))) {
      if (element.matches('.anticon') || !isFrench(element)) continue;
      texts.push(...attributes.map((name) => element.getAttribute(name) ?? ''));
    }
    return texts.join('\n');
  });

/** Each line of the page that holds words of `englishOnly`, with those words: none on a French page. */
export async function englishOn(page: Page, englishOnly: Set<string>): Promise<string[]> {
  const lines = (await readPage(page)).split('\n');
  return lines.flatMap((line) => {
    const found = wordsOf(line).filter((word) => englishOnly.has(word));
    return found.length > 0 ? [`${found.join(', ')} ← ${line.trim()}`] : [];
  });
}
