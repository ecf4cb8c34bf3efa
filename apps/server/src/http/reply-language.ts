import { LANGUAGES, type Language } from '@shortlist/contract';
import type { FastifyRequest } from 'fastify';
import { FRENCH_PATTERNS } from './message-patterns-fr.ts';
import { FRENCH_MESSAGES } from './messages-fr.ts';

/**
 * The language of a request's reply texts: the first of its Accept-Language (by weight) that the app
 * speaks, else English. The web app sends its interface's language; another client, its own.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const weight = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0], weight: Number(weight ?? 1), order };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  const spoken = ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.primary ?? ''));
  return spoken ? (spoken.primary as Language) : 'en';
}

/** The French of an API text, keyed by its English (as gettext's msgid); undefined where there is none. */
export function frenchOf(message: string): string | undefined {
  const exact = FRENCH_MESSAGES[message];
  if (exact !== undefined) return exact;
  for (const [pattern, french] of FRENCH_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return french(...match.slice(1));
  }
  return undefined;
}

/** An API text in `language`; one without French stays English. */
export function translated(message: string, language: Language): string {
  return language === 'en' ? message : (frenchOf(message) ?? message);
}

/** An error body with its texts in `language`: a refusal's `detail`, or each message of the field errors. */
export function translatedBody(body: unknown, language: Language): unknown {
  if (language === 'en' || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => {
      if (key === 'detail' && typeof value === 'string') return [key, translated(value, language)];
      if (Array.isArray(value))
        return [key, value.map((item) => (typeof item === 'string' ? translated(item, language) : item))];
      return [key, value];
    }),
  );
}
