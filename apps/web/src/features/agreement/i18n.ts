/** Texts of the agreement between judges (report tab), in the i18next namespace 'agreement'. */
export const en = {
  title: 'Agreement between judges',
  alpha: 'Krippendorff’s α {{alpha}}',
  interval: '95 % interval {{low}} to {{high}}',
  help: 'α is 1 when judges give the same values, 0 when they agree no more than chance would. Read as Krippendorff advises: from 0.8 judges agree well; from 0.667 only tentatively; below, poorly.',
  reading: {
    good: 'Judges agree well',
    tentative: 'Judges agree only tentatively',
    poor: 'Judges agree poorly',
    none: 'Not enough items rated by two judges or more to measure agreement',
  },
  readingOn: {
    good: 'Judges agree well on {{criterion}}',
    tentative: 'Judges agree only tentatively on {{criterion}}',
    poor: 'Judges agree poorly on {{criterion}}',
    none: 'No agreement measured on {{criterion}}',
  },
  loading: 'Measuring agreement…',
  loadFailed: 'The agreement could not be measured. Please try again.',
  leniency: 'Leniency',
  leniencyHelp:
    'How far above (+) or below (−) the other judges this judge rates, on average over the items they share.',
  consistency: 'Consistency',
  consistencyHelp:
    'Correlation of this judge’s values with the other judges’ average on the items they share (1: same order).',
  inconsistent: 'Far below the others',
  inconsistentHelp:
    'This judge’s consistency is more than 0.3 below the judges’ median: their values follow the others’ little.',
};

export const fr: typeof en = {
  title: 'Accord entre les juges',
  alpha: 'α de Krippendorff {{alpha}}',
  interval: 'intervalle à 95 % de {{low}} à {{high}}',
  help: 'α vaut 1 quand les juges donnent les mêmes valeurs, 0 quand ils ne s’accordent pas plus que le hasard. Lecture conseillée par Krippendorff : à partir de 0,8 les juges s’accordent bien ; à partir de 0,667 seulement de façon provisoire ; en dessous, mal.',
  reading: {
    good: 'Les juges s’accordent bien',
    tentative: 'Les juges ne s’accordent que provisoirement',
    poor: 'Les juges s’accordent mal',
    none: 'Pas assez d’éléments notés par deux juges ou plus pour mesurer l’accord',
  },
  readingOn: {
    good: 'Les juges s’accordent bien sur {{criterion}}',
    tentative: 'Les juges ne s’accordent que provisoirement sur {{criterion}}',
    poor: 'Les juges s’accordent mal sur {{criterion}}',
    none: 'Aucun accord mesuré sur {{criterion}}',
  },
  loading: 'Mesure de l’accord…',
  loadFailed: 'L’accord n’a pas pu être mesuré. Veuillez réessayer.',
  leniency: 'Indulgence',
  leniencyHelp:
    'De combien ce juge note au-dessus (+) ou en dessous (−) des autres juges, en moyenne sur les éléments qu’ils ont en commun.',
  consistency: 'Cohérence',
  consistencyHelp:
    'Corrélation des valeurs de ce juge avec la moyenne des autres juges sur les éléments qu’ils ont en commun (1 : même ordre).',
  inconsistent: 'Très en dessous des autres',
  inconsistentHelp:
    'La cohérence de ce juge est inférieure de plus de 0,3 à la médiane des juges : ses valeurs suivent peu celles des autres.',
};
