import { createHash } from 'node:crypto';
import { affinityMatrix, type TextModel, textModel } from './text-affinity.ts';

/**
 * The text model of a few selections, kept on the assignment's worker thread (decision 213): building it
 * stems every item's text (1–2 s at 5,000 items), and the pairs' "matched on" and the quality ask for it on
 * every page. An entry holds while the texts it was built from are the same: their fingerprint (a hash of
 * the items' readable values and the judges' expertise, in order) is taken at each request, so a changed
 * answer, title, blind setting or expertise text builds a new one and a stale model is never read. Bids do
 * not enter the text model.
 */
const KEPT = 4;

interface Entry {
  fingerprint: string;
  model: TextModel;
  affinity?: Float32Array;
}

const entries = new Map<string, Entry>();

function fingerprintOf(items: string[], expertise: string[]): string {
  const hash = createHash('sha256');
  // Lengths first: no two lists of texts give the same stream.
  hash.update(`${items.length}:${expertise.length}\0`);
  for (const text of [...items, ...expertise]) hash.update(`${text.length}:${text}`);
  return hash.digest('base64');
}

/** The selection's (`key`) model of these texts, and whether it was built by this call. */
export function cachedTextModel(key: string, items: string[], expertise: string[]) {
  const fingerprint = fingerprintOf(items, expertise);
  const kept = entries.get(key);
  entries.delete(key);
  const entry =
    kept?.fingerprint === fingerprint ? kept : { fingerprint, model: textModel(items, expertise) };
  entries.set(key, entry);
  for (const old of entries.keys()) if (entries.size > KEPT) entries.delete(old);
  return { entry, built: entry !== kept };
}

/** The model's item × judge affinities, a copy the caller may hand away. */
export function cachedAffinity(entry: Entry): Float32Array<ArrayBuffer> {
  entry.affinity ??= affinityMatrix(entry.model);
  return entry.affinity.slice();
}
