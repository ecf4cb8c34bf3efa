import { API_PREFIX, ISSUE_TOKEN_PARAM, VERIFICATION_PARAM } from '@shortlist/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeAttribute } from './route-preloads.ts';

/** The empty element of the build's index.html that the server fills (apps/web/src/lib/public-first-reply.ts). */
export const FIRST_REPLY_SLOT = '<script type="application/json" id="first-reply"></script>';

const queryOf = (params: [string, string | null][]) => {
  const kept = params.filter((param): param is [string, string] => Boolean(param[1]));
  return kept.length === 0 ? '' : `?${new URLSearchParams(kept)}`;
};

/**
 * The request that a public page's route loader makes first (apps/web/src/app/public-pages.tsx), for a
 * page URL: the same path and query. Only requests whose reply needs no credential beyond the URL's own: a
 * signed-in visitor's token could change the reply, so the answer page without its `token` is left out.
 */
const FIRST_REQUESTS: { page: RegExp; api: (id: string, search: URLSearchParams) => string | null }[] = [
  {
    page: /^\/forms\/(\d+)\/?$/,
    // The edit link's draft, sent only with both its token and its submission (form-respond's readDraftLink).
    api: (id, search) => {
      const token = search.get('token');
      const submission = Number(search.get('submission'));
      const isDraft = Boolean(token) && Number.isInteger(submission) && submission > 0;
      const query = isDraft
        ? queryOf([
            ['token', token],
            ['submission', String(submission)],
            [VERIFICATION_PARAM, search.get(VERIFICATION_PARAM)],
          ])
        : '';
      return `${API_PREFIX}/intake-forms/${id}/public/${query}`;
    },
  },
  {
    page: /^\/selection\/(\d+)\/answer\/?$/,
    api: (id, search) => {
      const token = search.get(ISSUE_TOKEN_PARAM);
      if (!token) return null;
      const query = queryOf([
        [ISSUE_TOKEN_PARAM, token],
        [VERIFICATION_PARAM, search.get(VERIFICATION_PARAM)],
      ]);
      return `${API_PREFIX}/issues/${id}/answer_view/${query}`;
    },
  },
  { page: /^\/selection\/(\d+)\/public\/?$/, api: (id) => `${API_PREFIX}/issues/${id}/get_public_info/` },
];

export interface FirstReply {
  /** The API path and query it answers. */
  url: string;
  /** The reply's JSON, as the API sends it. */
  body: string;
}

/**
 * A public page's first request answered by the API itself, as an anonymous visitor from the same
 * address would get it (rate limits included), to be written into the page's HTML: the page then starts
 * with its data instead of asking for it once its scripts have run, a round trip or more later. Anything
 * but a 200 is left for the page to ask for, as before.
 */
export async function answerFirstRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  urlPath: string,
  search: URLSearchParams,
): Promise<FirstReply | null> {
  for (const { page, api } of FIRST_REQUESTS) {
    const id = page.exec(urlPath)?.[1];
    if (id === undefined) continue;
    const url = api(id, search);
    if (url === null) return null;
    const reply = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: { accept: 'application/json' },
    });
    return reply.statusCode === 200 ? { url, body: reply.body } : null;
  }
  return null;
}

/** JSON inside a `<script>` element: `<` escaped so that no `</script>` or `<!--` can end or change it. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

/** index.html with the reply in its slot; unchanged without a reply, or for a build without the slot. */
export function withFirstReply(html: string, reply: FirstReply | null): string {
  if (!reply) return html;
  return html.replace(
    FIRST_REPLY_SLOT,
    `<script type="application/json" id="first-reply" data-url="${escapeAttribute(reply.url)}">${scriptSafe(reply.body)}</script>`,
  );
}
