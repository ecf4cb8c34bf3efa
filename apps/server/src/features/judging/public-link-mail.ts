import type { AppContext } from '../../context.ts';

/** The personal link of a public selection, in the language of the account. */
export async function sendPublicLinkMail(
  ctx: AppContext,
  options: { to: string; issueTitle: string; link: string; language: string; teamId: number },
) {
  const { to, issueTitle, link } = options;
  const french = options.language === 'fr';
  await ctx.mailer.send({
    to,
    carries: { teamId: options.teamId },
    subject: french ? `Votre lien pour répondre : ${issueTitle}` : `Your link to answer: ${issueTitle}`,
    text: french
      ? `Bonjour,\n\nVoici votre lien personnel pour donner vos réponses à « ${issueTitle} » :\n${link}\n\nNe le partagez pas : il vous identifie.`
      : `Hello,\n\nHere is your personal link to give your answers to "${issueTitle}":\n${link}\n\nDo not share it: it identifies you.`,
  });
}
