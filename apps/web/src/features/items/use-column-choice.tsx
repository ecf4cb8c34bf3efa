import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { Dataset } from '@shortlist/contract';
import { Button, Checkbox, type TableColumnsType } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../../lib/config';
import { readStorage, writeStorage } from '../../lib/storage';
import './resources';

/** The columns always shown: what names a row, and what acts on it. */
const FIXED_COLUMNS = new Set(['title', 'actions']);

function readHidden(key: string): string[] | null {
  try {
    const value: unknown = JSON.parse(readStorage(key) ?? 'null');
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : null;
  } catch {
    return null;
  }
}

/**
 * Which of a table's columns are shown, and the picker to choose them: at first all but `hiddenByDefault`
 * (the default set fits a 1366 px screen), then the person's choice, kept in this browser per table. The
 * picker is a disclosure (a button, then check boxes in the page's own order of tabbing), not a pop-up.
 */
export function useColumnChoice({
  tableKey,
  columns,
  hiddenByDefault,
}: {
  tableKey: string;
  columns: TableColumnsType<Dataset>;
  hiddenByDefault: string[];
}): { button: ReactNode; panel: ReactNode; shown: TableColumnsType<Dataset> } {
  const { t } = useTranslation('items');
  const panelId = useId();
  const storageKey = `${STORAGE_KEYS.hiddenColumns}.${tableKey}`;
  const [hidden, setHidden] = useState(() => readHidden(storageKey) ?? hiddenByDefault);
  const [isOpen, setOpen] = useState(false);
  const optional = columns.filter((column) => !FIXED_COLUMNS.has(String(column.key)));
  const visible = optional.map((column) => String(column.key)).filter((key) => !hidden.includes(key));

  const choose = (keys: string[]) => {
    const next = optional.map((column) => String(column.key)).filter((key) => !keys.includes(key));
    setHidden(next);
    writeStorage(storageKey, JSON.stringify(next));
  };

  const button = (
    <Button
      aria-expanded={isOpen}
      aria-controls={panelId}
      icon={isOpen ? <UpOutlined /> : <DownOutlined />}
      iconPlacement="end"
      onClick={() => setOpen(!isOpen)}
      data-testid="column-picker"
    >
      {t('columnPicker', { count: visible.length, total: optional.length })}
    </Button>
  );
  const panel = isOpen && (
    <fieldset id={panelId} className="sl-column-picker" data-testid="column-picker-panel">
      <legend>{t('columnPickerLegend')}</legend>
      <Checkbox.Group
        value={visible}
        onChange={(keys) => choose(keys.map(String))}
        options={optional.map((column) => ({ value: String(column.key), label: column.title as ReactNode }))}
      />
    </fieldset>
  );
  return { button, panel, shown: columns.filter((column) => !hidden.includes(String(column.key))) };
}
