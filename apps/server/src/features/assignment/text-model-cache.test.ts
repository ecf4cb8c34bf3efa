import { describe, expect, it } from 'vitest';
import { matchedOn } from './text-affinity.ts';
import { cachedAffinity, cachedTextModel } from './text-model-cache.ts';

const ITEMS = ['Genome sequencing of soil bacteria', 'Antitrust review of telecom mergers'];
const EXPERTISE = ['Genomics and sequencing', 'Competition law'];

describe('the text model kept per selection', () => {
  it('is built once for the same texts, and again as soon as an item or an expertise text changes', () => {
    const first = cachedTextModel('cache-1', ITEMS, EXPERTISE);
    expect(first.built).toBe(true);
    const again = cachedTextModel('cache-1', [...ITEMS], [...EXPERTISE]);
    expect(again.built).toBe(false);
    expect(again.entry.model).toBe(first.entry.model);

    // The law judge now writes about mergers: the merger item matches them on it at once.
    const expertise = ['Genomics and sequencing', 'Competition law, mergers'];
    expect(matchedOn(again.entry.model, 1, 1, 3)).not.toContain('mergers');
    const changed = cachedTextModel('cache-1', ITEMS, expertise);
    expect(changed.built).toBe(true);
    expect(matchedOn(changed.entry.model, 1, 1, 3)).toContain('mergers');

    const items = [ITEMS[0] as string, 'Cartel fines under competition law'];
    const retitled = cachedTextModel('cache-1', items, expertise);
    expect(retitled.built).toBe(true);
    expect(matchedOn(retitled.entry.model, 1, 1, 3)).toEqual(expect.arrayContaining(['competition', 'law']));
    // The same texts split otherwise between items and judges are other texts.
    expect(cachedTextModel('cache-1', [...items, ...expertise], []).built).toBe(true);
  });

  it('keeps a few selections side by side; the affinities handed out are copies', () => {
    const a = cachedTextModel('cache-a', ITEMS, EXPERTISE);
    cachedTextModel('cache-b', ITEMS, ['Bacteria']);
    expect(cachedTextModel('cache-a', ITEMS, EXPERTISE).entry).toBe(a.entry);
    const affinity = cachedAffinity(a.entry);
    const score = affinity[0] as number;
    expect(score).toBeGreaterThan(0);
    affinity[0] = 0;
    expect(cachedAffinity(a.entry)[0]).toBe(score);
    for (const key of ['c', 'd', 'e', 'f']) cachedTextModel(`cache-${key}`, ITEMS, EXPERTISE);
    expect(cachedTextModel('cache-a', ITEMS, EXPERTISE).built).toBe(true);
  });
});
