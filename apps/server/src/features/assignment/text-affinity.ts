import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as frenchStem } from '@orama/stemmers/french';
import { eng, fra } from 'stopword';

/**
 * Affinity from text (decision 201): TF-IDF cosine between an item's visible text and a judge's expertise,
 * in [0, 1]. Words are lower-cased, English and French stop words dropped (`stopword`'s lists), and each
 * text stemmed by the Snowball stemmer of its language (`@orama/stemmers`), the language told by which
 * list's stop words it holds more of. Term weights: (1 + ln tf) × idf, idf over the selection's items;
 * vectors of unit length, so the score is their dot product. Each pair's explanation is the shared terms
 * that weigh most in it, written as the judge wrote them. Pure: runs on the worker thread.
 */
const ENGLISH_STOP = new Set(eng);
const FRENCH_STOP = new Set(fra);
/** Stems already computed, per language: a selection's texts repeat few words many times (each stem ~5 µs). */
const STEMS = { en: new Map<string, string>(), fr: new Map<string, string>() };
const STEMS_KEPT = 200_000;

function stemOf(token: string, language: 'en' | 'fr'): string {
  const known = STEMS[language];
  let stem = known.get(token);
  if (stem === undefined) {
    stem = (language === 'fr' ? frenchStem : englishStem)(token);
    if (known.size >= STEMS_KEPT) known.clear();
    known.set(token, stem);
  }
  return stem;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*[\p{L}\p{N}]|\p{L}/gu;

interface Terms {
  /** Stem → count. */
  counts: Map<string, number>;
  /** Stem → the first word that gave it, to explain a match in the writer's words. */
  words: Map<string, string>;
}

/** The stems of a text with their counts, stop words dropped, in the text's language. */
export function terms(text: string): Terms {
  const tokens = (text.toLowerCase().match(WORD) ?? []).map((token) => token.replace(/^[ldjmnst][’']/, ''));
  let english = 0;
  let french = 0;
  for (const token of tokens) {
    if (ENGLISH_STOP.has(token)) english++;
    if (FRENCH_STOP.has(token)) french++;
  }
  const language = french > english ? 'fr' : 'en';
  const counts = new Map<string, number>();
  const words = new Map<string, string>();
  for (const token of tokens) {
    if (token.length < 3 || ENGLISH_STOP.has(token) || FRENCH_STOP.has(token) || /^\d+$/.test(token))
      continue;
    const root = stemOf(token, language);
    counts.set(root, (counts.get(root) ?? 0) + 1);
    if (!words.has(root)) words.set(root, token);
  }
  return { counts, words };
}

type Vector = Map<string, number>;

function weigh(counts: Map<string, number>, idf: Map<string, number>): Vector {
  const vector: Vector = new Map();
  let norm = 0;
  for (const [term, count] of counts) {
    const weight = (1 + Math.log(count)) * (idf.get(term) ?? 0);
    if (weight <= 0) continue;
    vector.set(term, weight);
    norm += weight * weight;
  }
  norm = Math.sqrt(norm);
  for (const [term, weight] of vector) vector.set(term, weight / norm);
  return vector;
}

export interface TextModel {
  items: Vector[];
  judges: Vector[];
  judgeWords: Map<string, string>[];
}

/**
 * The weighted vectors of the items and the judges' expertise. Terms that no item uses weigh nothing (idf
 * from the items: a judge's word no item holds matches nothing); smoothed, a term in every item still
 * weighs a little.
 */
export function textModel(itemTexts: string[], expertiseTexts: string[]): TextModel {
  const itemTerms = itemTexts.map(terms);
  const judgeTerms = expertiseTexts.map(terms);
  const documents = new Map<string, number>();
  for (const { counts } of itemTerms)
    for (const term of counts.keys()) documents.set(term, (documents.get(term) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [term, df] of documents) idf.set(term, Math.log((itemTexts.length + 1) / (df + 0.5)));
  return {
    items: itemTerms.map(({ counts }) => weigh(counts, idf)),
    judges: judgeTerms.map(({ counts }) => weigh(counts, idf)),
    judgeWords: judgeTerms.map((t) => t.words),
  };
}

/** Every item × judge cosine, row by item; each item meets only the judges who share a term with it. */
export function affinityMatrix({ items, judges }: TextModel): Float32Array {
  const postings = new Map<string, { judge: number; weight: number }[]>();
  judges.forEach((vector, judge) => {
    for (const [term, weight] of vector) {
      const list = postings.get(term) ?? [];
      list.push({ judge, weight });
      postings.set(term, list);
    }
  });
  const m = judges.length;
  const affinity = new Float32Array(items.length * m);
  items.forEach((vector, i) => {
    for (const [term, weight] of vector)
      for (const posting of postings.get(term) ?? [])
        affinity[i * m + posting.judge] =
          (affinity[i * m + posting.judge] as number) + weight * posting.weight;
  });
  for (let k = 0; k < affinity.length; k++) affinity[k] = Math.min(1, affinity[k] as number);
  return affinity;
}

/** One pair's cosine, as the matrix has it. */
export function pairScore(model: TextModel, item: number, judge: number): number {
  let score = 0;
  const itemVector = model.items[item];
  for (const [term, weight] of model.judges[judge] ?? []) score += weight * (itemVector?.get(term) ?? 0);
  return Math.min(1, score);
}

/** The shared terms that weigh most in a pair's score, in the judge's words. */
export function matchedOn(model: TextModel, item: number, judge: number, max: number): string[] {
  const itemVector = model.items[item];
  const judgeVector = model.judges[judge];
  if (!itemVector || !judgeVector) return [];
  const shared: [string, number][] = [];
  for (const [term, weight] of judgeVector) {
    const other = itemVector.get(term);
    if (other) shared.push([term, weight * other]);
  }
  shared.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return shared.slice(0, max).map(([term]) => model.judgeWords[judge]?.get(term) ?? term);
}
