import { describe, expect, it } from 'vitest';
import { auditChangeLines } from './audit-text.ts';

const refs = { users: { 7: 'ann@example.org' }, items: { 3: 'Acme' }, criteria: { 5: 'Team' } };
const formatTime = (iso: string) => `<${iso.slice(0, 10)}>`;
const read = (changes: Record<string, [unknown, unknown]>, language: 'en' | 'fr') =>
  auditChangeLines(changes, refs, language, formatTime).map(({ label, old, value }) =>
    old === null ? `${label}: ${value}` : `${label}: ${old} → ${value}`,
  );

describe('an audit entry’s changes as they read', () => {
  it('names the settings of a created selection and words its codes, in both languages', () => {
    const created = {
      public: [null, false],
      status: [null, 'open'],
      resourcetype: [null, 'RatingIssue'],
      comments_mode: [null, 'QUESTION'],
      deadline: [null, '2026-12-15T17:00:00.000Z'],
    } as Record<string, [unknown, unknown]>;
    expect(read(created, 'en')).toEqual([
      'Public selection: No',
      'Status: Open',
      'Type: Rating',
      'Comments mode: One comment per criterion',
      'Deadline: <2026-12-15>',
    ]);
    expect(read(created, 'fr')).toEqual([
      'Sélection publique: Non',
      'Statut: Ouverte',
      'Type: Notation',
      'Mode de commentaires: Un commentaire par critère',
      'Date limite: <2026-12-15>',
    ]);
  });

  it('names ids by the refs, answers by item and criterion, and keeps free text as written', () => {
    expect(
      read(
        {
          'answer.3.5': [2, 4],
          'comment.3.0': [null, 'Bold'],
          judge: [7, 7],
          items_added: [null, [3, 9]],
          title: ['open', 'closed'],
          action: [null, 'answers.submitted'],
          events: [['ping'], ['selection.closed', 'judge.submitted']],
          more: [null, 2],
        },
        'fr',
      ),
    ).toEqual([
      'Acme — Team: 2 → 4',
      'Commentaire sur Acme: Bold',
      'Juge: ann@example.org',
      'Éléments ajoutés: Acme, #9',
      'Titre: open → closed',
      'Action: Réponses envoyées',
      'Événements: Test → Une sélection est fermée, Un juge envoie ses réponses',
      'Autres valeurs: 2 autres valeurs non listées',
    ]);
  });
});
