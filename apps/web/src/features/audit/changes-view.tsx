import type { AuditEntry } from '@shortlist/contract';
import { Button, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { en } from './i18n';
import '../../app/i18n/audit-resources';

const FIELD_NAMES = en.field;

/** `answer.<item>.<criterion>` and `comment.<item>.<criterion>` (criterion 0: the item as a whole). */
const VALUE_KEY = /^(answer|comment)\.(\d+)\.(\d+)$/;
const USER_KEYS = new Set(['judge', 'judges', 'from_judge', 'user']);

type Refs = AuditEntry['refs'];

/** The name of an id as the page's refs give it, else `#id`. */
const nameOf = (names: Record<string, string>, id: unknown) =>
  typeof id === 'number' ? (names[id] ?? `#${id}`) : String(id);

/** A changed field's name: an answer's item and criterion, else the field's own name, spaced. */
function labelOf(key: string, refs: Refs, t: TFunction<'audit'>) {
  const match = VALUE_KEY.exec(key);
  if (!match) {
    if (key === 'more') return t('more');
    return key in FIELD_NAMES ? t(`field.${key as keyof typeof FIELD_NAMES}`) : key.replace(/_/g, ' ');
  }
  const item = nameOf(refs.items, Number(match[2]));
  if (match[1] === 'comment') return t('commentOf', { item });
  const criterion = match[3] === '0' ? t('wholeItem') : nameOf(refs.criteria, Number(match[3]));
  return t('answerOf', { item, criterion });
}

/** One side of a change, with the ids it holds named. */
function valueText(key: string, value: unknown, refs: Refs): string {
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
    return value.map((one) => (names ? nameOf(names, one) : valueText(key, one, refs))).join(', ');
  if (names) return nameOf(names, value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Lines shown before "Show N more": a created selection lists some twenty settings. */
const FOLDED_LINES = 5;

/** An entry's changes, one line each: "field: old → new" (only the new value for what was created). */
export function ChangesView({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const [isOpen, setOpen] = useState(false);
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
              valueText(key, value, entry.refs)
            ) : (
              <>
                <Typography.Text delete type="secondary">
                  {valueText(key, old, entry.refs)}
                </Typography.Text>
                {' → '}
                {valueText(key, value, entry.refs)}
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
