/** Texts of sign-in through an identity provider, in the i18next namespace 'sso'; French is typed by English. */
export const en = {
  signInWith: 'Sign in with {{label}}',
  or: 'or with your password',
  signingIn: 'Signing you in…',
  providers: 'Sign in with your organisation',
  errors: {
    SSO_PROVIDER_UNAVAILABLE:
      'The identity provider could not be reached. Please try again in a moment, or contact your administrator.',
    SSO_STATE_MISMATCH: 'This sign-in took too long or was started in another window. Please try again.',
    SSO_EMAIL_NOT_VERIFIED:
      'Your identity provider did not confirm your e-mail address, so it cannot be matched to an account. Ask your organisation to verify it.',
    SSO_UNKNOWN_ACCOUNT:
      'No Shortlist account uses the e-mail address of your organisation account. Ask a workspace admin to invite that address.',
    SSO_FAILED: 'The identity provider did not sign you in. Please try again.',
    SSO_REQUIRED:
      "A workspace of yours requires signing in with your organisation's account: use the button above.",
    SSO_CODE_INVALID: 'This sign-in has expired or was already used. Please sign in again.',
  },
  setting: {
    title: 'Sign-in',
    label: "Members sign in only with the organisation's identity provider",
    help: 'When on, password sign-in and password resets are refused to the members of this workspace, whatever other workspaces they belong to; site administrators keep their password. Members signed in with a password are signed out within 15 minutes.',
    providers: 'They sign in with: {{labels}}.',
    noProvider:
      'No identity provider is configured on this server: ask its operator to set one up (docs/operations.md).',
    saved: 'Sign-in setting saved',
  },
};

export const fr: typeof en = {
  signInWith: 'Se connecter avec {{label}}',
  or: 'ou avec votre mot de passe',
  signingIn: 'Connexion en cours…',
  providers: 'Se connecter avec votre organisation',
  errors: {
    SSO_PROVIDER_UNAVAILABLE:
      'Le fournisseur d’identité est injoignable. Réessayez dans un instant, ou contactez votre administrateur.',
    SSO_STATE_MISMATCH:
      'Cette connexion a pris trop de temps ou a été commencée dans une autre fenêtre. Veuillez réessayer.',
    SSO_EMAIL_NOT_VERIFIED:
      'Votre fournisseur d’identité n’a pas confirmé votre adresse e-mail : elle ne peut pas être reliée à un compte. Demandez à votre organisation de la vérifier.',
    SSO_UNKNOWN_ACCOUNT:
      'Aucun compte Shortlist n’utilise l’adresse e-mail de votre compte d’organisation. Demandez à un administrateur d’un espace de travail d’inviter cette adresse.',
    SSO_FAILED: 'Le fournisseur d’identité ne vous a pas connecté. Veuillez réessayer.',
    SSO_REQUIRED:
      'Un de vos espaces de travail demande de se connecter avec le compte de votre organisation : utilisez le bouton ci-dessus.',
    SSO_CODE_INVALID: 'Cette connexion a expiré ou a déjà servi. Veuillez vous reconnecter.',
  },
  setting: {
    title: 'Connexion',
    label: 'Les membres se connectent uniquement avec le fournisseur d’identité de l’organisation',
    help: 'Une fois activé, la connexion et la réinitialisation par mot de passe sont refusées aux membres de cet espace de travail, quels que soient leurs autres espaces ; les administrateurs du site gardent leur mot de passe. Les membres connectés par mot de passe sont déconnectés dans les 15 minutes.',
    providers: 'Ils se connectent avec : {{labels}}.',
    noProvider:
      'Aucun fournisseur d’identité n’est configuré sur ce serveur : demandez à son exploitant d’en installer un (docs/operations.md).',
    saved: 'Réglage de connexion enregistré',
  },
};
