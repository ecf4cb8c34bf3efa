/** Version of this web client; the server's x-api-version is compared with it (major.minor). */
export const CLIENT_VERSION = '0.9.24';

/** Keys of everything the client keeps in localStorage. */
export const STORAGE_KEYS = {
  access: 'shortlist.access',
  refresh: 'shortlist.refresh',
  language: 'shortlist.language',
  currentTeam: 'shortlist.currentTeam',
  /** Followed by `.<table>`: the answer columns chosen for that table. */
  answerColumns: 'shortlist.answerColumns',
  /** Followed by `.<table>`: the keys of the columns hidden in that table, once the person chose. */
  hiddenColumns: 'shortlist.hiddenColumns',
  /** In sessionStorage: when this tab last reloaded because a chunk of an older build was gone. */
  chunkReload: 'shortlist.chunkReload',
} as const;

/** Query parameter that exempts a request from the 401 handling (name kept from the original client). */
export const IGNORE_AUTH_FAIL_PARAM = 'ignoreAxiosFail';
