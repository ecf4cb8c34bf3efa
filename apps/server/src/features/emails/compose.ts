import type { Language } from '@shortlist/contract';
import type { TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { sanitizeRichText } from '../forms/sanitize.ts';
import { escapeHtml } from '../submissions/recap.ts';
import type { RenderedMessage } from './liquid.ts';
import { unsubscribeUrls } from './unsubscribe-links.ts';

const UNSUBSCRIBE: Record<Language, string> = { en: 'Unsubscribe', fr: 'Se désabonner' };

/**
 * The e-mail as sent: the rendered body, sanitized with the editor's rules (whatever a template or an
 * answer managed to write, no script, handler or foreign scheme reaches a recipient), and a footer that
 * names the team and carries the recipient's own unsubscribe link, in the language of the text sent.
 */
export function composeEmail(
  ctx: Pick<AppContext, 'signer' | 'config'>,
  team: Pick<TeamRow, 'id' | 'title'>,
  recipient: { to: string; language: Language },
  rendered: RenderedMessage,
): RenderedMessage {
  const { page } = unsubscribeUrls(ctx, team.id, recipient.to);
  const footer =
    `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 8px">` +
    `<p style="font-size:12px;color:#666">${escapeHtml(team.title)} — ` +
    `<a href="${escapeHtml(page)}">${UNSUBSCRIBE[recipient.language]}</a></p>`;
  const body = sanitizeRichText(rendered.html, ctx.config.richTextImageHosts);
  return { subject: rendered.subject, html: `${body}${footer}` };
}
