import { API_PREFIX } from '@shortlist/contract';
import type { AppContext } from '../../context.ts';

const PURPOSE = 'unsubscribe';

/** `<team>.<address in base64url>.<signature>`: opens one address's unsubscribe from one team, forever. */
export function unsubscribeToken(ctx: Pick<AppContext, 'signer'>, teamId: number, email: string) {
  const payload = `${teamId}.${Buffer.from(email.trim().toLowerCase()).toString('base64url')}`;
  return `${payload}.${ctx.signer.sign(PURPOSE, payload)}`;
}

export function readUnsubscribeToken(ctx: Pick<AppContext, 'signer'>, token: string) {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const payload = `${match[1]}.${match[2]}`;
  if (!ctx.signer.verify(PURPOSE, payload, match[3])) return null;
  return { teamId: Number(match[1]), email: Buffer.from(match[2], 'base64url').toString('utf8') };
}

/** The page a person opens from the footer, and the RFC 8058 one-click address of the headers. */
export function unsubscribeUrls(ctx: Pick<AppContext, 'signer' | 'config'>, teamId: number, email: string) {
  const token = unsubscribeToken(ctx, teamId, email);
  return {
    page: `${ctx.config.publicUrl}/unsubscribe/${token}`,
    oneClick: `${ctx.config.publicUrl}${API_PREFIX}/unsubscribe/${token}/`,
  };
}

/** RFC 2369 and RFC 8058 headers: mail clients show an unsubscribe button that posts without sign-in. */
export function unsubscribeHeaders(urls: { page: string; oneClick: string }) {
  return {
    'List-Unsubscribe': `<${urls.oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
