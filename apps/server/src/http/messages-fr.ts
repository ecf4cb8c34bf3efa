/**
 * The French of every text the API replies with, keyed by its English (gettext's msgid): refusals'
 * details, field errors and validation messages. A text with a varying part (a number, a name) is a
 * pattern whose groups the French takes.
 */
export const FRENCH_MESSAGES: Readonly<Record<string, string>> = {
  // Validation, in Django REST framework's words and its French
  'This field is required.': 'Ce champ est obligatoire.',
  'This field may not be blank.': 'Ce champ ne peut être vide.',
  'Enter a valid email address.': 'Saisissez une adresse e-mail valide.',
  'Enter a valid URL.': 'Saisissez une URL valide.',
  'Enter a valid date.': 'Saisissez une date valide.',
  'Enter a valid hex colour.': 'Saisissez une couleur hexadécimale valide.',
  'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.':
    'La date n’a pas le bon format. Utilisez un des formats suivants : YYYY-MM-DD.',
  'Ensure this value is greater than or equal to number_min.':
    'Assurez-vous que cette valeur est supérieure ou égale à number_min.',
  'No file was submitted.': 'Aucun fichier n’a été soumis.',
  'Invalid value.': 'Valeur non valide.',
  'Invalid cursor.': 'Curseur non valide.',
  'no title': 'pas de titre',
  // zod's own words, where no message of ours replaces them
  'Invalid input': 'Saisie non valide',
  'Invalid ISO datetime': 'Date et heure ISO non valides',

  // Requests, authentication, permissions
  'Not found.': 'Introuvable.',
  'You do not have permission to perform this action.':
    'Vous n’avez pas la permission d’effectuer cette action.',
  'The request body is too large.': 'Le corps de la requête est trop volumineux.',
  'An error occurred, please try again.': 'Une erreur est survenue, veuillez réessayer.',
  'The database took too long to answer; please try again.':
    'La base de données a mis trop de temps à répondre ; veuillez réessayer.',
  'The database is not answering; please try again in a moment.':
    'La base de données ne répond pas ; veuillez réessayer dans un instant.',
  'The server has no room left to store this; please try again later.':
    'Le serveur n’a plus de place pour l’enregistrer ; veuillez réessayer plus tard.',
  'The server cannot write its files; please try again later.':
    'Le serveur ne peut pas écrire ses fichiers ; veuillez réessayer plus tard.',
  'Authentication credentials were not provided.': 'Informations d’authentification non fournies.',
  'User not found or inactive.': 'Utilisateur introuvable ou inactif.',
  'Given token not valid for any token type': 'Le jeton donné n’est valide pour aucun type de jeton',
  'No active account found with the given credentials':
    'Aucun compte actif n’a été trouvé avec les identifiants fournis',
  'A valid metrics token is required.': 'Un jeton de métriques valide est requis.',
  'The link is invalid or has expired. Please ask for a new one.':
    'Le lien n’est pas valide ou a expiré. Veuillez en demander un nouveau.',
  'Your password was changed successfully.': 'Votre mot de passe a été modifié avec succès.',
  'If the account exists, you will receive an e-mail...':
    'Si le compte existe, vous allez recevoir un e-mail...',
  "A workspace of yours requires signing in with your organisation's identity provider.":
    'Un de vos espaces de travail demande de se connecter avec le fournisseur d’identité de votre organisation.',
  'This sign-in has expired or was already used. Please sign in again.':
    'Cette connexion a expiré ou a déjà servi. Veuillez vous reconnecter.',
  'Thank you for your message.': 'Merci pour votre message.',

  // Workspaces, members, personal data
  'Only a site administrator can change the package.': 'Seul un administrateur du site peut changer l’offre.',
  'Only a site administrator can create a team.':
    'Seul un administrateur du site peut créer un espace de travail.',
  'Only a site administrator can answer a request for every team.':
    'Seul un administrateur du site peut répondre à une demande pour tous les espaces de travail.',
  'No identity provider is configured on this server: the members could not sign in.':
    'Aucun fournisseur d’identité n’est configuré sur ce serveur : les membres ne pourraient pas se connecter.',
  'A workspace keeps at least one admin: add another one before removing this one.':
    'Un espace de travail garde au moins un administrateur : ajoutez-en un autre avant de retirer celui-ci.',
  'This address belongs to a member of the team. Personal data requests cover judges, respondents and contacts.':
    'Cette adresse est celle d’un membre de l’espace de travail. Les demandes sur les données personnelles concernent les juges, les répondants et les contacts.',
  'Personal data erased on request.': 'Données personnelles effacées sur demande.',

  // Selections
  'The minimum rating cannot be larger than the maximum rating':
    'La note minimale ne peut pas dépasser la note maximale',
  'The type of a selection cannot be changed.': 'Le type d’une sélection ne peut pas être changé.',
  'The plural label does not match the singular label.':
    'Le libellé au pluriel ne correspond pas au libellé au singulier.',
  'Your package does not allow public selections.': 'Votre offre ne permet pas les sélections publiques.',
  'A reminder needs a deadline: set one or remove the reminder.':
    'Un rappel demande une date limite : fixez-en une ou retirez le rappel.',
  "This field is not a question of the selection's item type.":
    'Ce champ n’est pas une question du type d’élément de la sélection.',
  'The comments mode is only for rating selections that are not public.':
    'Le mode de commentaires ne concerne que les sélections notées qui ne sont pas publiques.',
  'The number of items to rank cannot change once judges have answered.':
    'Le nombre d’éléments à classer ne peut plus changer une fois que des juges ont répondu.',
  'The selection already has judges: it cannot become public or private.':
    'La sélection a déjà des juges : elle ne peut pas devenir publique ou privée.',
  'The selection already has comments: its comments mode cannot change.':
    'La sélection a déjà des commentaires : son mode de commentaires ne peut pas changer.',
  'Criteria are only for rating selections.': 'Les critères ne concernent que les sélections notées.',
  'The selection is empty.': 'La sélection est vide.',
  'The selection is not accepting answers.': 'La sélection n’accepte plus de réponses.',

  // Judges and their access
  'The judge has already submitted answers. Please refresh the page.':
    'Ce juge a déjà envoyé des réponses. Veuillez actualiser la page.',
  'Please add at least one item before sending invitations.':
    'Veuillez ajouter au moins un élément avant d’envoyer des invitations.',
  'An admin of the workspace cannot be a judge.':
    'Un administrateur de l’espace de travail ne peut pas être juge.',
  'Send either user or emails.': 'Envoyez soit user, soit emails.',
  'Judges are added by e-mail only.': 'Les juges sont ajoutés par e-mail uniquement.',
  'Choose another judge to copy from.': 'Choisissez un autre juge dont copier les éléments.',
  'Judges have already submitted answers: the items cannot be spread again.':
    'Des juges ont déjà envoyé des réponses : les éléments ne peuvent plus être répartis de nouveau.',
  'Judges have already submitted answers: add to their items instead (top up).':
    'Des juges ont déjà envoyé des réponses : ajoutez plutôt à leurs éléments, en gardant les éléments actuels de chacun.',
  'This user is not a judge of this selection.': 'Cet utilisateur n’est pas juge de cette sélection.',

  // Judging: answers, drafts, conflicts, pairs
  'Please verify the captcha again.': 'Veuillez refaire la vérification anti-robot.',
  'Could not process request. Have you already submitted your responses?':
    'La demande n’a pas pu être traitée. Avez-vous déjà envoyé vos réponses ?',
  'The preview cannot be submitted.': 'L’aperçu ne peut pas être envoyé.',
  'The preview has no draft.': 'L’aperçu n’a pas de brouillon.',
  'The preview cannot vote.': 'L’aperçu ne peut pas voter.',
  'You have already submitted your responses.': 'Vous avez déjà envoyé vos réponses.',
  'A judge declares or clears their own conflicts only.':
    'Un juge ne déclare ou ne retire que ses propres conflits.',
  'This item is not in your access.': 'Vous n’avez pas accès à cet élément.',
  'This item is not part of this selection.': 'Cet élément ne fait pas partie de cette sélection.',
  'You declared a conflict of interest with an item: it takes no answer or comment from you.':
    'Vous avez déclaré un conflit d’intérêts avec un élément : il ne prend ni réponse ni commentaire de votre part.',
  'An admin set this conflict: only an admin can clear it.':
    'Un administrateur a défini ce conflit : seul un administrateur peut le retirer.',
  'Some items are not in your access.': 'Vous n’avez pas accès à certains éléments.',
  // Assignment by expertise: expertise, bids, pairs by hand
  'A judge states their own expertise only.': 'Un juge ne décrit que sa propre expertise.',
  'A judge bids for themselves only.': 'Un juge n’enchérit que pour lui-même.',
  'Bidding on this selection is closed.': 'Les enchères sur cette sélection sont closes.',
  'This judge has a conflict of interest with this item.':
    'Ce juge a un conflit d’intérêts avec cet élément.',
  'This judge is not willing to judge this item.': 'Ce juge ne souhaite pas évaluer cet élément.',
  'A second wave needs answers: no judge has given any yet.':
    'Une seconde vague demande des réponses : aucun juge n’en a encore donné.',
  'Choose fairness or a maximum pair probability, not both.':
    'Choisissez l’équité ou une probabilité maximale par paire, pas les deux.',
  'A criterion is not part of this selection.': 'Un critère ne fait pas partie de cette sélection.',
  'Rate every criterion of an item, or none of them.': 'Notez chaque critère d’un élément, ou aucun.',
  'A pick is 0 or 1.': 'Un choix vaut 0 ou 1.',
  'Tokens are whole numbers, 0 or more.': 'Les jetons sont des nombres entiers, 0 ou plus.',
  'Two items have the same place.': 'Deux éléments ont la même place.',
  'The places must follow each other from the first, without a gap.':
    'Les places doivent se suivre à partir de la première, sans trou.',
  'This selection takes comments only.': 'Cette sélection ne prend que des commentaires.',
  'This selection takes comparisons, not answers.':
    'Cette sélection prend des comparaisons, pas des réponses.',
  'Comments are disabled for public selections.':
    'Les commentaires sont désactivés pour les sélections publiques.',
  'This pair has changed; the page shows the current one.':
    'Cette paire a changé ; la page affiche la paire actuelle.',
  'This selection does not compare items in pairs.':
    'Cette sélection ne compare pas les éléments par paires.',
  'This selection does not take ranked ballots.': 'Cette sélection ne se fait pas par classement.',
  'Results per judge are unavailable above 100 voters.':
    'Les résultats par juge ne sont pas disponibles au-delà de 100 votants.',

  // Merges, rounds, decisions
  'Your package does not allow merging selections.': 'Votre offre ne permet pas de fusionner des sélections.',
  'A selection can be merged only once.': 'Une sélection ne peut être fusionnée qu’une fois.',
  'Choose one of top, min_value, tag or datasets.': 'Choisissez l’un de top, min_value, tag ou datasets.',
  'Choose only one of top, min_value, tag or datasets.':
    'Choisissez un seul de top, min_value, tag ou datasets.',
  'The target selection must have the same item type as the source.':
    'La sélection cible doit avoir le même type d’élément que la source.',
  'Items cannot be promoted into their own selection.':
    'Les éléments ne peuvent pas être promus dans leur propre sélection.',
  'No item matches this choice.': 'Aucun élément ne correspond à ce choix.',
  'Give either datasets or top.': 'Donnez soit datasets, soit top.',
  'Choose at least one filter.': 'Choisissez au moins un filtre.',

  // Item types, items, answers, files
  'Only letters, digits, é è ê à, spaces, underscores and hyphens are allowed.':
    'Seuls les lettres, chiffres, é è ê à, espaces, tirets bas et tirets sont autorisés.',
  'E-mail variables are only available for text and choice fields.':
    'Les variables d’e-mail ne sont disponibles que pour les champs texte et choix.',
  'The options must be unique.': 'Les options doivent être uniques.',
  "Budget fields are not included in this workspace's package.":
    'Les champs budget ne sont pas inclus dans l’offre de cet espace de travail.',
  'The type of a field cannot change after its creation.':
    'Le type d’un champ ne peut plus changer après sa création.',
  'Each field may appear only once.': 'Chaque champ ne peut apparaître qu’une fois.',
  'Some fields do not belong to this item type.': 'Certains champs n’appartiennent pas à ce type d’élément.',
  'This item type belongs to a form: delete the form instead.':
    'Ce type d’élément appartient à un formulaire : supprimez plutôt le formulaire.',
  'This item type is used by a selection.': 'Ce type d’élément est utilisé par une sélection.',
  'Only one choice is allowed.': 'Un seul choix est autorisé.',
  'This field is answered twice.': 'Ce champ reçoit deux réponses.',
  'This item already answers this field.': 'Cet élément répond déjà à ce champ.',
  'This field does not take files.': 'Ce champ ne prend pas de fichiers.',
  'This type of file is not accepted.': 'Ce type de fichier n’est pas accepté.',
  'The file is too big': 'Le fichier est trop volumineux',
  'This link is invalid or has expired.': 'Ce lien n’est pas valide ou a expiré.',
  'This file is missing from the storage.': 'Ce fichier est absent du stockage.',

  // Forms and their submissions
  'You have already submitted your responses with this link':
    'Vous avez déjà envoyé vos réponses avec ce lien',
  'This application was declined: its responses can no longer be changed.':
    'Cette candidature n’a pas été retenue : ses réponses ne peuvent plus être modifiées.',
  'The captcha is invalid or has expired. Please solve it again.':
    'La vérification anti-robot n’est pas valide ou a expiré. Veuillez la refaire.',
  'This form is not published.': 'Ce formulaire n’est pas publié.',
  'This form cannot be saved partway.': 'Ce formulaire ne permet pas l’enregistrement partiel.',
  'This link is invalid.': 'Ce lien n’est pas valide.',
  'This upload key is invalid.': 'Cette clé d’envoi n’est pas valide.',
  'When the respondent e-mail is active, its subject and body are required.':
    'Quand l’e-mail au répondant est actif, son objet et son corps sont obligatoires.',
  'A question cannot depend on its own answer.': 'Une question ne peut pas dépendre de sa propre réponse.',
  'Only text and choice questions can be referenced by a condition.':
    'Seules les questions texte et choix peuvent servir dans une condition.',
  'An equivalent condition already exists.': 'Une condition équivalente existe déjà.',
  'A section title already stands at this position.': 'Un titre de section se trouve déjà à cette position.',
  'This notification is already set up.': 'Cette notification est déjà configurée.',

  // Tags and reviews
  'The maximum number of tags is reached.': 'Le nombre maximal d’étiquettes est atteint.',
  'A tag with this name already exists.': 'Une étiquette de ce nom existe déjà.',
  'The maximum number of review statuses is reached.': 'Le nombre maximal de statuts de revue est atteint.',
  'This item already has a review.': 'Cet élément a déjà une revue.',

  // E-mails: templates, batches, test e-mails
  'Your package does not allow mass e-mails.': 'Votre offre ne permet pas les e-mails groupés.',
  "Your package allows 1 batch sent a month; this month's is used.":
    'Votre offre permet 1 envoi par mois ; celui de ce mois-ci est utilisé.',
  'The batch does not have a related template.': 'L’envoi n’a pas de modèle associé.',
  'The batch does not have any e-mails.': 'L’envoi ne contient aucun e-mail.',
  'Each e-mail needs a subject.': 'Chaque e-mail doit avoir un objet.',
  'Preview the e-mails before sending them.': 'Prévisualisez les e-mails avant de les envoyer.',
  'Only a draft batch can be changed or deleted.': 'Seul un brouillon d’envoi peut être modifié ou supprimé.',
  'None of these items has an e-mail address.': 'Aucun de ces éléments n’a d’adresse e-mail.',
  'None of the e-mails could be rendered: each one says why. Change the template and preview again.':
    'Aucun des e-mails n’a pu être généré : chacun dit pourquoi. Modifiez le modèle et prévisualisez de nouveau.',
  'The template builds too much: a loop or a text is too large.':
    'Le modèle produit trop : une boucle ou un texte est trop grand.',
  'The template is nested too deeply.': 'Le modèle est trop profondément imbriqué.',
  'The mail server did not take the test e-mail. Try again in a moment.':
    'Le serveur de messagerie n’a pas pris l’e-mail de test. Réessayez dans un instant.',
  'The mail server refused this address. Check it, or use another one.':
    'Le serveur de messagerie a refusé cette adresse. Vérifiez-la, ou utilisez-en une autre.',
  'This unsubscribe link is not valid.': 'Ce lien de désabonnement n’est pas valide.',
  'Only a scheduled batch can be cancelled.': 'Seul un envoi programmé peut être annulé.',
  'The batch has no failed e-mail to send again.': 'L’envoi n’a aucun e-mail en échec à renvoyer.',
  'Failed e-mails can be sent again once the batch has finished sending.':
    'Les e-mails en échec peuvent être renvoyés une fois l’envoi terminé.',
  // …and why an e-mail was not sent, kept with it and read later
  'Not sent: the recipient unsubscribed from this team’s e-mails.':
    'Non envoyé : le destinataire s’est désabonné des e-mails de cette équipe.',
  'Not sent: an earlier e-mail to this address was refused for good.':
    'Non envoyé : un e-mail précédent à cette adresse a été refusé définitivement.',
  'Not sent: the personal data it held was erased.':
    'Non envoyé : les données personnelles qu’il contenait ont été effacées.',
  'Not sent again: the server sending it stopped twice during the send. The recipient may have received it.':
    'Non renvoyé : le serveur qui l’envoyait s’est arrêté deux fois pendant l’envoi. Le destinataire l’a peut-être reçu.',

  // Fastify's own refusals of a body it cannot read
  "Body is not valid JSON but content-type is set to 'application/json'":
    'Le corps de la requête n’est pas du JSON valide alors que son type est « application/json ».',
  "Body cannot be empty when content-type is set to 'application/json'":
    'Le corps de la requête ne peut être vide quand son type est « application/json ».',
  'Unsupported Media Type': 'Type de contenu non pris en charge',
  'Request body size did not match Content-Length':
    'La taille du corps de la requête ne correspond pas à Content-Length',

  // A request's wait for a database connection past its bound (db/queued-pool.ts), answered 503.
  'timeout exceeded when trying to connect': 'délai dépassé en attendant une connexion à la base de données',
  // Webhooks
  'Queued.': 'En file d’attente.',
};
