import type { DatasetRowError } from '@shortlist/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { nameWireField } from './row-errors';
import './resources';

/** Puts the wire's names of an item's title, tags and contact e-mail in the wizard's words. */
export function useNameWireField() {
  const { t } = useTranslation('excelImport');
  const names = { title: t('mapping.title'), tags: t('mapping.tags'), contact_email: t('mapping.email') };
  return (message: string) => nameWireField(message, names);
}

/** One line per message: 'Row N — title: field: message', N being the row's number in the sheet. */
export function RowErrorList({ errors, rowNumbers }: { errors: DatasetRowError[]; rowNumbers: number[] }) {
  const { t } = useTranslation('excelImport');
  const name = useNameWireField();
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="import-row-errors">
      {errors.flatMap((error) =>
        error.messages.map((message) => (
          <li key={`${error.index}-${message}`}>
            <Typography.Text type="danger">
              {t('preview.rowError', {
                row: rowNumbers[error.index] ?? error.index + 2,
                title: error.title,
                message: name(message),
              })}
            </Typography.Text>
          </li>
        )),
      )}
    </ul>
  );
}
