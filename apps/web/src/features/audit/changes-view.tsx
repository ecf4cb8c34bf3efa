import { type AuditEntry, auditChangeLines, toLanguage } from '@shortlist/contract';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n/format';
import { useItemTitles } from '../../lib/item-titles';
import './resources';

/** Lines shown before "Show N more": a created selection lists some twenty settings. */
const FOLDED_LINES = 5;

/**
 * An entry's changes, one line each: "field: old → new" (only the new value for what was created), as the
 * contract's `auditChangeLines` words them for the exports too; times in the reader's zone.
 */
export function ChangesView({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('audit');
  const [isOpen, setOpen] = useState(false);
  const { shown: titleOf } = useItemTitles();
  const language = toLanguage(i18n.language);
  const items = Object.entries(entry.refs.items).map(([id, title]) => [id, titleOf(title)]);
  const refs = { ...entry.refs, items: Object.fromEntries(items) };
  const lines = auditChangeLines(entry.changes, refs, language, (iso) => formatDateTime(iso, language));
  if (lines.length === 0) return <Typography.Text type="secondary">{t('noChanges')}</Typography.Text>;
  const folds = lines.length > FOLDED_LINES + 1;
  const shown = folds && !isOpen ? lines.slice(0, FOLDED_LINES) : lines;
  return (
    <>
      <ul className="sl-audit-changes">
        {shown.map(({ key, label, old, value }) => (
          <li key={key}>
            <Typography.Text strong>{label}</Typography.Text>
            {': '}
            {old !== null && (
              <>
                <Typography.Text delete type="secondary">
                  {old}
                </Typography.Text>
                {' → '}
              </>
            )}
            {value}
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
          {isOpen ? t('showLess') : t('showMore', { count: lines.length - FOLDED_LINES })}
        </Button>
      )}
    </>
  );
}
