/**
 * Who may do what: the one table of the server's rights (issue 55). Each route asks one of the functions of
 * `access/` (`requireTeamAdmin`, `requireIssueAdmin`, `requireSuperuser`, a judge's `resolveAnswerer`), which
 * read the caller and answer as this table says; `rules.test.ts` calls a route of each action as each caller
 * and `every-route-asks.test.ts` fails on a route that answers without asking.
 */

/** How the server knows the caller. */
export const CALLERS = [
  /** No access token and no judge's link. */
  'anonymous',
  /** Signed in, with no accepted membership of the object's team (a refused invitation among them). */
  'stranger',
  /** Invited to the team, not yet accepted: a pending membership opens nothing. */
  'invited',
  /** Signed in, an accepted admin of the object's team (the one role of a membership). */
  'team-admin',
  /** A site administrator who is not a member of the object's team. */
  'superuser',
  /** A judge of this selection: the holder of their personal link, or signed in as them. */
  'judge',
  /** The holder of a judge's personal link to another selection. */
  'other-judge',
] as const;
export type Caller = (typeof CALLERS)[number];

/** What the caller asks to do. */
export const ACTIONS = [
  /** Anything on a team or an object of it: selections, items, forms, mailings, reports… */
  'manage-team',
  /** The team itself, its page and its face: a site administrator reads and edits it to set its package. */
  'open-team',
  /** A judge's routes on a selection (the answer page, conflicts, bids); a team admin previews them. */
  'answer-selection',
  /** What only a site administrator does: create a team, read the outbox, the usage, every team's data. */
  'operate-site',
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * An answer of the table: allowed, or the status of the refusal. 404 wherever the object's existence is
 * not the caller's to know (another team's id answers like a missing one); 403 where the route is the
 * site's own and its existence no secret; 401 without a sign-in, given by `requireUser` before the body
 * is read (decision 153) or by a judge's route's `onRequest` (decision 155).
 */
export type Outcome = 'allowed' | 401 | 403 | 404;

export const RULES: Record<Action, Record<Caller, Outcome>> = {
  'manage-team': {
    anonymous: 401,
    stranger: 404,
    invited: 404,
    'team-admin': 'allowed',
    superuser: 404,
    judge: 401,
    'other-judge': 401,
  },
  'open-team': {
    anonymous: 401,
    stranger: 404,
    invited: 404,
    'team-admin': 'allowed',
    superuser: 'allowed',
    judge: 401,
    'other-judge': 401,
  },
  'answer-selection': {
    anonymous: 401,
    stranger: 404,
    invited: 404,
    'team-admin': 'allowed',
    superuser: 404,
    judge: 'allowed',
    'other-judge': 404,
  },
  'operate-site': {
    anonymous: 401,
    stranger: 403,
    invited: 403,
    'team-admin': 403,
    superuser: 'allowed',
    judge: 401,
    'other-judge': 401,
  },
};

/**
 * The routes open without a token, as Fastify lists them (`operations/routes-of.ts`): a stranger's forms and
 * links, the captcha, the reset.
 */
export const OPEN_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/v1/users/ask_reset_password',
  'POST /api/v1/users/reset_password',
  'GET /api/v1/unsubscribe/:token',
  'POST /api/v1/unsubscribe/:token',
  'POST /api/v1/contact-messages',
  'GET /api/v1/captcha/challenge',
  'GET /api/v1/issues/:id/get_public_info',
  'POST /api/v1/issues/:id/unlock_public',
  'GET /api/v1/intake-forms/:id/public',
  'GET /api/v1/files/:key',
  'POST /api/v1/form-submissions',
  'POST /api/v1/form-submissions/:id/commit',
  'POST /api/v1/form-submissions/:id/upload',
  'GET /api/v1/form-submissions/:id/status',
]);

/**
 * The routes that ask nothing of this table: the open ones, and those about the signed-in caller themselves.
 * Every other route asks.
 */
export const ROUTES_THAT_ASK_NOTHING: ReadonlySet<string> = new Set([
  ...OPEN_ROUTES,
  'GET /api/v1/users/me',
  'PATCH /api/v1/users/:id',
  'GET /api/v1/teams',
  'GET /api/v1/team-invitations',
  'POST /api/v1/team-invitations/:id/accept',
  'POST /api/v1/team-invitations/:id/refuse',
  'GET /api/v1/judge_portal',
]);
