import type { AuditEntry, AuditField } from '@shortlist/contract';
import { Button, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/i18n/format';
import { en } from './i18n';
import '../../app/i18n/audit-resources';

/** Every field the server may write has a name (the contract's list), in English and so in French. */
const FIELD_NAMES: Record<AuditField, string> = en.field;
const VALUE_WORDS = en.value;

/** `answer.<item>.<criterion>` and `comment.<item>.<criterion>` (criterion 0: the item as a whole). */
const VALUE_KEY = /^(answer|comment)\.(\d+)\.(\d+)$/;
const USER_KEYS = new Set(['judge', 'judges', 'from_judge', 'user']);

type Refs = AuditEntry['refs'];

/** The name of an id as the page's refs give it, else `#id`. */
const nameOf = (names: Record<string, string>, id: unknown) =>
  typeof id === 'number' ? (names[id] ?? `#${id}`) : String(id);

/** A changed field's name: an answer's item and criterion, else the field's name (as written if new). */
function labelOf(key: string, refs: Refs, t: TFunction<'audit'>) {
  const match = VALUE_KEY.exec(key);
  if (!match) return key in FIELD_NAMES ? t(`field.${key as AuditField}`) : key.replace(/_/g, ' ');
  const item = nameOf(refs.items, Number(match[2]));
  if (match[1] === 'comment') return t('commentOf', { item });
  const criterion = match[3] === '0' ? t('wholeItem') : nameOf(refs.criteria, Number(match[3]));
  return t('answerOf', { item, criterion });
}

/** A time the log wrote (ISO, as the database gave it): a deadline, a mailing's schedule. */
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;
/** The fields whose values are codes; a title or a text that reads "open" stays as written. */
const CODE_KEYS = new Set(['status', 'resourcetype', 'comments_mode', 'decision', 'language_code']);

/**
 * One side of a change, with the ids it holds named, yes or no for a setting turned on or off, a code in
 * words (a status, a selection's type) and a time in the page's language.
 */
function valueText(key: string, value: unknown, refs: Refs, t: TFunction<'audit'>, language: string): string {
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
    return value
      .map((one) => (names ? nameOf(names, one) : valueText(key, one, refs, t, language)))
      .join(', ');
  if (names) return nameOf(names, value);
  if (typeof value === 'boolean') return t(value ? 'value.yes' : 'value.no');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return codeWord(key, text, t) ?? (ISO_TIME.test(text) ? formatDateTime(text, language) : text);
}

/** A code in words: an export's filter by action or object as the page's filters name them, a status… */
function codeWord(key: string, code: string, t: TFunction<'audit'>) {
  if (key === 'action' && code in en.action) return t(`action.${code as keyof typeof en.action}`);
  if (key === 'object_type' && code in en.objectType)
    return t(`objectType.${code as keyof typeof en.objectType}`);
  if (key === 'actor_kind' && code in en.actorKind)
    return t(`actorKind.${code as keyof typeof en.actorKind}`);
  if (CODE_KEYS.has(key) && code in VALUE_WORDS) return t(`value.${code as keyof typeof VALUE_WORDS}`);
  return undefined;
}

/** Lines shown before "Show N more": a created selection lists some twenty settings. */
const FOLDED_LINES = 5;

/** An entry's changes, one line each: "field: old → new" (only the new value for what was created). */
export function ChangesView({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('audit');
  const [isOpen, setOpen] = useState(false);
  const text = (key: string, value: unknown) => valueText(key, value, entry.refs, t, i18n.language);
  const pairs = Object.entries(entry.changes);
  if (pairs.length === 0) return <Typography.Text type="secondary">{t('noChanges')}</Typography.Text>;
  const folds = pairs.length > FOLDED_LINES + 1;
  const shown = folds && !isOpen ? pairs.slice(0, FOLDED_LINES) : pairs;
  return (
    <>
      <ul className="sl-audit-changes">
        {shown.map(([key, [old, value]]) => (
          <li key={key}>
            <Typography.Text strong>{labelOf(key, entry.refs, t)}</Typography.Text>
            {': '}
            {key === 'more' ? (
              t('moreValue', { count: Number(value) })
            ) : old === null || JSON.stringify(old) === JSON.stringify(value) ? (
              text(key, value)
            ) : (
              <>
                <Typography.Text delete type="secondary">
                  {text(key, old)}
                </Typography.Text>
                {' → '}
                {text(key, value)}
              </>
            )}
          </li>
        ))}
      </ul>
      {folds && (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => setOpen(!isOpen)}
          aria-expanded={isOpen}
        >
          {isOpen ? t('showLess') : t('showMore', { count: pairs.length - FOLDED_LINES })}
        </Button>
      )}
    </>
  );
}
