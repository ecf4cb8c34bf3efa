import type {
  AuditAction,
  AuditActorKind,
  AuditChanges,
  AuditField,
  AuditObjectType,
  AuditRefs,
} from './audit.ts';
import { auditWordsEn } from './audit-words.ts';
import { auditWordsFr } from './audit-words-fr.ts';
import type { Language } from './common.ts';
import { WEBHOOK_EVENT_NAMES, type WebhookEvent } from './webhooks.ts';

// How an audit entry reads: the one rendering of its words (audit-words.ts, audit-words-fr.ts) and its
// changes, for the log's page (web features/audit) and its exports, in both languages.

export const AUDIT_WORDS: Record<Language, typeof auditWordsEn> = { en: auditWordsEn, fr: auditWordsFr };
/** One change as it reads: the field's name, its value before when it had one that differs, and now. */
export interface AuditChangeLine {
  key: string;
  label: string;
  old: string | null;
  value: string;
}

/** `answer.<item>.<criterion>` and `comment.<item>.<criterion>` (criterion 0: the item as a whole). */
const VALUE_KEY = /^(answer|comment)\.(\d+)\.(\d+)$/;
const USER_KEYS = new Set(['judge', 'judges', 'from_judge', 'user']);
/** The fields whose values are codes; a title or a text that reads "open" stays as written. */
const CODE_KEYS = new Set(['status', 'resourcetype', 'comments_mode', 'decision', 'language_code']);
/** A time the log wrote (ISO, as the database gave it): a deadline, a mailing's schedule. */
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

type Words = typeof auditWordsEn;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** The name of an id as the entry's refs give it, else `#id`. */
const nameOf = (names: Record<string, string>, id: unknown) =>
  typeof id === 'number' ? (names[id] ?? `#${id}`) : String(id);

function labelOf(key: string, refs: AuditRefs, words: Words) {
  const match = VALUE_KEY.exec(key);
  if (!match) return key in words.field ? words.field[key as AuditField] : key.replace(/_/g, ' ');
  const item = nameOf(refs.items, Number(match[2]));
  if (match[1] === 'comment') return fill(words.commentOf, { item });
  const criterion = match[3] === '0' ? words.wholeItem : nameOf(refs.criteria, Number(match[3]));
  return fill(words.answerOf, { item, criterion });
}

/** A code in words: an export's filter by action or object as the log's filters name them, a status… */
function codeWord(key: string, code: string, { words, language }: ValueContext): string | undefined {
  if (key === 'action') return words.action[code as AuditAction];
  if (key === 'object_type') return words.objectType[code as AuditObjectType];
  if (key === 'actor_kind') return words.actorKind[code as AuditActorKind];
  if (key === 'events') return WEBHOOK_EVENT_NAMES[language][code as WebhookEvent];
  return CODE_KEYS.has(key) ? (words.value as Record<string, string>)[code] : undefined;
}

interface ValueContext {
  refs: AuditRefs;
  words: Words;
  language: Language;
  formatTime: (iso: string) => string;
}

/** One side of a change: ids named, yes or no for a setting, a code in words, a time as `formatTime` writes it. */
function valueText(key: string, value: unknown, context: ValueContext): string {
  const { refs, words } = context;
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value) && value.length === 0) return '—';
  const names = USER_KEYS.has(key)
    ? refs.users
    : key === 'item' || key.startsWith('items_')
      ? refs.items
      : key === 'criterion'
        ? refs.criteria
        : null;
  if (Array.isArray(value))
    return value.map((one) => (names ? nameOf(names, one) : valueText(key, one, context))).join(', ');
  if (names) return nameOf(names, value);
  if (typeof value === 'boolean') return value ? words.value.yes : words.value.no;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return codeWord(key, text, context) ?? (ISO_TIME.test(text) ? context.formatTime(text) : text);
}

/**
 * An entry's changes as they read, one line each; a value that stayed the same (the context, as the judge
 * whose items changed) or that was created has no `old`.
 */
export function auditChangeLines(
  changes: AuditChanges,
  refs: AuditRefs,
  language: Language,
  formatTime: (iso: string) => string,
): AuditChangeLine[] {
  const context = { refs, words: AUDIT_WORDS[language], language, formatTime };
  return Object.entries(changes).map(([key, [old, value]]) => {
    const label = labelOf(key, refs, context.words);
    if (key === 'more') return { key, label, old: null, value: context.words.moreValues(Number(value)) };
    const same = old === null || JSON.stringify(old) === JSON.stringify(value);
    return {
      key,
      label,
      old: same ? null : valueText(key, old, context),
      value: valueText(key, value, context),
    };
  });
}
