/** Texts of "How sure is the shortlist?" (report and merge pages), namespace 'topK'; French typed by English. */
export const en = {
  title: 'How sure is the shortlist?',
  /** `count` is k: one item kept reads "first", not "the top 1". */
  explanation_one:
    'Would another jury pick the same winner? We redraw the jury 1,000 times from these judges (some twice, some not at all), recompute the ranking each time as this page computes it (its filters included), and count how often each item comes first.',
  explanation_other:
    'Would another jury pick the same {{count}}? We redraw the jury 1,000 times from these judges (some twice, some not at all), recompute the ranking each time as this page computes it (its filters included), and count how often each item makes the top {{count}}.',
  /** A pairwise selection's: its judges give no values to redraw, its model's beliefs are drawn instead. */
  pairwiseExplanation_one:
    'Would more comparisons pick the same winner? We draw each item’s score 1,000 times from what the comparisons tell of it (its score and how uncertain it still is), and count how often each item comes first.',
  pairwiseExplanation_other:
    'Would more comparisons pick the same {{count}}? We draw each item’s score 1,000 times from what the comparisons tell of it (its score and how uncertain it still is), and count how often each item makes the top {{count}}.',
  k: 'Top',
  kHelp: 'How many items the shortlist keeps',
  compute: 'Check',
  loading: 'Drawing 1,000 juries…',
  failed: 'The check could not be run. Please try again.',
  summary_in_one: '{{count}} in for sure',
  summary_in_other: '{{count}} in for sure',
  summary_borderline_one: '{{count}} borderline',
  summary_borderline_other: '{{count}} borderline',
  summary_out_one: '{{count}} out',
  summary_out_other: '{{count}} out',
  judges_one: 'from {{count}} judge',
  judges_other: 'from {{count}} judges',
  rule_one:
    'In for sure: first in at least 95% of the draws. Out: in fewer than 5%. Borderline: in between — worth a discussion.',
  rule_other:
    'In for sure: in the top {{count}} in at least 95% of the draws. Out: in fewer than 5%. Borderline: in between — worth a discussion.',
  columns: {
    rank: 'Rank',
    item: 'Item',
    probability_one: 'First',
    probability_other: 'In the top {{count}}',
    verdict: 'Verdict',
  },
  verdict: { in: 'In for sure', borderline: 'Borderline', out: 'Out' },
  noRank: '—',
  othersOut_one: '{{count}} other item is out.',
  othersOut_other: 'The {{count}} other items are out.',
  showAll: 'Show every item',
  empty: 'No items.',
};

export const fr: typeof en = {
  title: 'La présélection est-elle sûre ?',
  explanation_one:
    'Un autre jury choisirait-il le même premier ? Nous retirons 1 000 fois un jury parmi ces juges (certains deux fois, d’autres pas du tout), recalculons chaque fois le classement comme cette page le calcule (filtres compris) et comptons combien de fois chaque élément arrive en tête.',
  explanation_other:
    'Un autre jury choisirait-il les mêmes {{count}} ? Nous retirons 1 000 fois un jury parmi ces juges (certains deux fois, d’autres pas du tout), recalculons chaque fois le classement comme cette page le calcule (filtres compris) et comptons combien de fois chaque élément entre dans les {{count}} premiers.',
  pairwiseExplanation_one:
    'D’autres comparaisons choisiraient-elles le même premier ? Nous tirons 1 000 fois le score de chaque élément d’après ce que les comparaisons en disent (son score et son incertitude restante) et comptons combien de fois chaque élément arrive en tête.',
  pairwiseExplanation_other:
    'D’autres comparaisons choisiraient-elles les mêmes {{count}} ? Nous tirons 1 000 fois le score de chaque élément d’après ce que les comparaisons en disent (son score et son incertitude restante) et comptons combien de fois chaque élément entre dans les {{count}} premiers.',
  k: 'Les',
  kHelp: 'Combien d’éléments la présélection garde',
  compute: 'Vérifier',
  loading: 'Tirage de 1 000 jurys…',
  failed: 'La vérification n’a pas pu être faite. Veuillez réessayer.',
  summary_in_one: '{{count}} retenu à coup sûr',
  summary_in_other: '{{count}} retenus à coup sûr',
  summary_borderline_one: '{{count}} incertain',
  summary_borderline_other: '{{count}} incertains',
  summary_out_one: '{{count}} écarté',
  summary_out_other: '{{count}} écartés',
  judges_one: 'à partir de {{count}} juge',
  judges_other: 'à partir de {{count}} juges',
  rule_one:
    'Retenu à coup sûr : en tête dans au moins 95 % des tirages. Écarté : dans moins de 5 %. Incertain : entre les deux — à discuter.',
  rule_other:
    'Retenu à coup sûr : dans les {{count}} premiers dans au moins 95 % des tirages. Écarté : dans moins de 5 %. Incertain : entre les deux — à discuter.',
  columns: {
    rank: 'Rang',
    item: 'Élément',
    probability_one: 'En tête',
    probability_other: 'Dans les {{count}} premiers',
    verdict: 'Verdict',
  },
  verdict: { in: 'Retenu à coup sûr', borderline: 'Incertain', out: 'Écarté' },
  noRank: '—',
  othersOut_one: '{{count}} autre élément est écarté.',
  othersOut_other: 'Les {{count}} autres éléments sont écartés.',
  showAll: 'Afficher tous les éléments',
  empty: 'Aucun élément.',
};
