import {
  RENDERED_EMAIL_MAX_LENGTH,
  RENDERED_TOO_LONG_MESSAGE,
  refusedFilterMessage,
  refusedTagMessage,
  TEMPLATE_RENDER_STEPS_LIMIT,
  TEMPLATE_RENDER_TIME_LIMIT_MS,
  TEMPLATE_TOO_DEEP_MESSAGE,
  TEMPLATE_TOO_LARGE_MESSAGE,
  TEMPLATE_TOO_MANY_STEPS_MESSAGE,
  TEMPLATE_TOO_SLOW_MESSAGE,
  templateRenderFailedMessage,
  templateUnreadableMessage,
} from '@shortlist/contract';
import { Context, Liquid, type Template, toPromise, toValue } from 'liquidjs';

/**
 * The tags a template may use: conditions, loops and variables. Refused, by name, when the template is
 * saved: include, render and layout (with block), which read other templates — from the server's disk
 * when liquidjs is given none —, raw, whose text is never escaped, and capture, tablerow, cycle,
 * increment and decrement, which no letter needs.
 */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'assign',
  'if',
  'unless',
  'case',
  'for',
  'break',
  'continue',
  'comment',
  '#',
  'echo',
  'liquid',
]);

/**
 * The filters a template may use: text in, text out. Refused among liquidjs's: raw (it skips the
 * escape), the ones that read objects' properties (map, where, sort, group_by…), dumps (json, inspect),
 * dates (the server's clock and zone), decoders (base64, url) and arithmetic, which a letter does not need.
 */
export const ALLOWED_FILTERS: ReadonlySet<string> = new Set([
  'append',
  'prepend',
  'capitalize',
  'downcase',
  'upcase',
  'strip',
  'lstrip',
  'rstrip',
  'strip_newlines',
  'truncate',
  'truncatewords',
  'replace',
  'replace_first',
  'remove',
  'remove_first',
  'default',
  'size',
  'split',
  'join',
  'first',
  'last',
  'url_encode',
]);

/** Characters of text the filters and ranges of one render may create, far above what a letter needs. */
const MEMORY_LIMIT = 1_000_000;

class RefusedTagError extends Error {
  constructor(readonly tag: string) {
    super(refusedTagMessage(tag));
  }
}

class RenderedTooLongError extends Error {
  constructor() {
    super(RENDERED_TOO_LONG_MESSAGE);
  }
}

class TooManyStepsError extends Error {
  constructor() {
    super(TEMPLATE_TOO_MANY_STEPS_MESSAGE);
  }
}

/** A render's own count, kept in its context's registers (liquidjs's place for a tag's state). */
const STEPS = 'shortlist:render-steps';

/**
 * Counts the parts each render goes through: every list of templates rendered (a loop's body once a
 * turn, a branch taken) costs one plus its length, so that a loop over an empty body counts too.
 * liquidjs bounds time and text, not work; a count is the same on a loaded server as on an idle one.
 */
function countSteps(engine: Liquid) {
  const { renderer } = engine;
  const renderTemplates = renderer.renderTemplates.bind(renderer);
  renderer.renderTemplates = function* (templates, context, emitter) {
    const steps = context.getRegister(STEPS, { count: 0 }) as { count: number };
    steps.count += templates.length + 1;
    if (steps.count > TEMPLATE_RENDER_STEPS_LIMIT) throw new TooManyStepsError();
    return yield* renderTemplates(templates, context, emitter);
  };
}

/** A tag that refuses itself as it is parsed, whatever its arguments and wherever it stands. */
const refusedTag = (name: string) =>
  class {
    constructor() {
      throw new RefusedTagError(name);
    }
  };

/**
 * An engine that can read nothing but the text it is given: no file system (an empty set of named
 * templates, and the tags that would read one refused), only the allowed tags and filters, properties
 * of the scope's own values only, and bounded in parse size, steps, text made, and time.
 */
function sandboxedEngine(isHtml: boolean) {
  const engine = new Liquid({
    templates: {},
    relativeReference: false,
    strictFilters: true,
    ownPropertyOnly: true,
    parseLimit: 200_000,
    renderLimit: TEMPLATE_RENDER_TIME_LIMIT_MS,
    memoryLimit: MEMORY_LIMIT,
    ...(isHtml ? { outputEscape: 'escape' as const } : {}),
  });
  for (const name of Object.keys(engine.tags)) {
    if (!ALLOWED_TAGS.has(name)) engine.registerTag(name, refusedTag(name) as never);
  }
  for (const name of Object.keys(engine.filters)) {
    if (!ALLOWED_FILTERS.has(name)) engine.unregisterFilter(name);
  }
  countSteps(engine);
  return engine;
}

/** The body is HTML: every value is escaped, so an item's answer can never add markup. */
export const htmlEngine = sandboxedEngine(true);
/** The subject is a plain-text header: nothing to escape. */
export const textEngine = sandboxedEngine(false);

/** Text as liquidjs writes a value: nothing for null, arrays joined. */
function textOf(value: unknown): string {
  const resolved = toValue(value);
  if (typeof resolved === 'string') return resolved;
  if (resolved === null || resolved === undefined) return '';
  if (Array.isArray(resolved)) return resolved.map(textOf).join('');
  return String(resolved);
}

/** Collects the output and stops the render past RENDERED_EMAIL_MAX_LENGTH, whatever loop writes it. */
class BoundedEmitter {
  buffer = '';
  write(html: unknown) {
    const text = textOf(html);
    if (this.buffer.length + text.length > RENDERED_EMAIL_MAX_LENGTH) throw new RenderedTooLongError();
    this.buffer += text;
  }
}

/** One render of parsed templates, its output bounded as well as its time and memory. */
export async function renderBounded(engine: Liquid, templates: Template[], scope: object) {
  const context = new Context(scope, engine.options, {}, { liquid: engine });
  const emitter = new BoundedEmitter();
  await toPromise(engine.renderer.renderTemplates(templates, context, emitter));
  return emitter.buffer;
}

const causeOf = (error: unknown) => (error as { originalError?: unknown } | null)?.originalError ?? error;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** Thousands of nested tags exhaust the stack, as they parse or as they render. */
const isTooDeep = (cause: unknown) => cause instanceof RangeError && /call stack/i.test(cause.message);

/** Why a template could not be parsed, in words for its author. */
export function parseFailure(error: unknown): string {
  const cause = causeOf(error);
  if (cause instanceof RefusedTagError) return cause.message;
  const filter = /^undefined filter: (.+)$/.exec(messageOf(cause))?.[1];
  if (filter) return refusedFilterMessage(filter);
  if (isTooDeep(cause)) return TEMPLATE_TOO_DEEP_MESSAGE;
  return templateUnreadableMessage(messageOf(error));
}

/** Why one render failed, in words for the template's author and stored with a failed e-mail. */
export function renderFailure(error: unknown): string {
  const cause = causeOf(error);
  if (cause instanceof RenderedTooLongError || cause instanceof TooManyStepsError) return cause.message;
  const message = messageOf(cause);
  if (message === 'template render limit exceeded') return TEMPLATE_TOO_SLOW_MESSAGE;
  if (message === 'memory alloc limit exceeded') return TEMPLATE_TOO_LARGE_MESSAGE;
  if (isTooDeep(cause)) return TEMPLATE_TOO_DEEP_MESSAGE;
  return templateRenderFailedMessage(messageOf(error));
}
