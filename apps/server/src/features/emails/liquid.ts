import { type FieldErrors, unknownVariableMessage } from '@shortlist/contract';
import { convert } from 'html-to-text';
import { Liquid, type Template } from 'liquidjs';
import type { ItemScope } from './variables.ts';

// Templates are written by admins and rendered thousands of times: bounded like untrusted input.
const LIMITS = { parseLimit: 200_000, renderLimit: 1_000, memoryLimit: 10_000_000 };
/** The body is HTML: every value is escaped, so an item's answer can never add markup. */
const htmlEngine = new Liquid({
  outputEscape: 'escape',
  strictFilters: true,
  ownPropertyOnly: true,
  ...LIMITS,
});
/** The subject is a plain-text header: nothing to escape. */
const textEngine = new Liquid({ strictFilters: true, ownPropertyOnly: true, ...LIMITS });

const ENTITIES: Record<string, string> = {
  '&gt;': '>',
  '&lt;': '<',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
};

/** The rich-text editor stores `{% if a > b %}` as `{% if a &gt; b %}`: Liquid reads the characters. */
function liquidSource(html: string) {
  return html.replace(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g, (tag) =>
    tag.replace(/&(gt|lt|amp|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity),
  );
}

export interface ParsedTemplate {
  subject: Template[];
  html: Template[];
}

/**
 * Parses subject and body and checks that every variable they use is one the team has: an error
 * names the field and the variable, at save time, rather than a blank in every e-mail sent.
 */
export function parseTemplate(
  source: { subject: string; html_content: string },
  known: ReadonlySet<string>,
): { parsed: ParsedTemplate } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const parse = (field: 'subject' | 'html_content', engine: Liquid, text: string) => {
    try {
      const template = engine.parse(text);
      const unknown = engine.globalVariablesSync(template).filter((name) => !known.has(name));
      if (unknown.length > 0) errors[field] = [...new Set(unknown)].map(unknownVariableMessage);
      return template;
    } catch (error) {
      errors[field] = [
        `The template cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      ];
      return [];
    }
  };
  const subject = parse('subject', textEngine, source.subject);
  const html = parse('html_content', htmlEngine, liquidSource(source.html_content));
  return Object.keys(errors).length > 0 ? { errors } : { parsed: { subject, html } };
}

export interface RenderedMessage {
  subject: string;
  html: string;
}

/** One item's e-mail. A variable the item's type does not have renders empty. */
export async function renderTemplate(parsed: ParsedTemplate, scope: ItemScope): Promise<RenderedMessage> {
  const [subject, html] = await Promise.all([
    textEngine.render(parsed.subject, scope),
    htmlEngine.render(parsed.html, scope),
  ]);
  // A header holds one line.
  return { subject: String(subject).replace(/\s+/g, ' ').trim(), html: String(html) };
}

/** The plain-text part sent beside the HTML. */
export const textOf = (html: string) =>
  convert(html, {
    wordwrap: 78,
    selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }],
  });
