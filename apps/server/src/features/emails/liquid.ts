import { type FieldErrors, unknownVariableMessage } from '@shortlist/contract';
import { convert } from 'html-to-text';
import type { Liquid, Template } from 'liquidjs';
import { htmlEngine, parseFailure, renderBounded, renderFailure, textEngine } from './liquid-engine.ts';
import type { ItemScope } from './variables.ts';

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

type TemplateField = 'subject' | 'html_content';

export interface ParsedTemplate {
  subject: Template[];
  html: Template[];
}

/**
 * Parses subject and body and checks that every variable they use is one the team has, and every tag
 * and filter one a template may use: an error names the field and what it refuses, at save time,
 * rather than a blank in every e-mail sent.
 */
export function parseTemplate(
  source: { subject: string; html_content: string },
  known: ReadonlySet<string>,
): { parsed: ParsedTemplate } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const parse = (field: TemplateField, engine: Liquid, text: string) => {
    try {
      const template = engine.parse(text);
      const unknown = engine.globalVariablesSync(template).filter((name) => !known.has(name));
      if (unknown.length > 0) errors[field] = [...new Set(unknown)].map(unknownVariableMessage);
      return template;
    } catch (error) {
      errors[field] = [parseFailure(error)];
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

/** A render that failed: the field whose template failed and why, in words for its author. */
export class TemplateRenderError extends Error {
  constructor(
    readonly field: TemplateField,
    message: string,
  ) {
    super(message);
  }
}

async function renderField(field: TemplateField, engine: Liquid, templates: Template[], scope: ItemScope) {
  try {
    return await renderBounded(engine, templates, scope);
  } catch (error) {
    throw new TemplateRenderError(field, renderFailure(error));
  }
}

/**
 * One item's e-mail, before it is sanitized and given its footer (compose.ts). A variable the item's
 * type does not have renders empty. Throws TemplateRenderError past the render limits.
 */
export async function renderTemplate(parsed: ParsedTemplate, scope: ItemScope): Promise<RenderedMessage> {
  const subject = await renderField('subject', textEngine, parsed.subject, scope);
  const html = await renderField('html_content', htmlEngine, parsed.html, scope);
  // A header holds one line.
  return { subject: subject.replace(/\s+/g, ' ').trim(), html };
}

/** The variables that hold a list (of comments, of averages): the sample gives ten long ones. */
const LIST_VARIABLES: ReadonlySet<string> = new Set(['comments', 'averages']);

/** A long answer for every variable: what the check at save renders the template with. */
const SAMPLE_VALUE = 'Sample answer '.repeat(20);

/**
 * Renders subject and body once against a sample item, with the limits of a real e-mail: a template
 * that cannot render within them is refused when it is saved, not found out in every e-mail of a batch.
 */
export async function renderSample(parsed: ParsedTemplate, known: ReadonlySet<string>): Promise<FieldErrors> {
  const scope = Object.fromEntries(
    [...known].map((name) => [name, LIST_VARIABLES.has(name) ? Array(10).fill(SAMPLE_VALUE) : SAMPLE_VALUE]),
  );
  const errors: FieldErrors = {};
  const fields = [
    ['subject', textEngine, parsed.subject],
    ['html_content', htmlEngine, parsed.html],
  ] as const;
  for (const [field, engine, templates] of fields) {
    try {
      await renderField(field, engine, templates, scope);
    } catch (error) {
      if (!(error instanceof TemplateRenderError)) throw error;
      errors[field] = [error.message];
    }
  }
  return errors;
}

const TEXT_RULE_LENGTH = 24;

/**
 * The plain-text part sent beside the HTML. A rule is short: drawn as long as a line (78), it wrapped
 * into two on a phone's screen.
 */
export const textOf = (html: string) =>
  convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'hr', options: { length: TEXT_RULE_LENGTH } },
    ],
  });
