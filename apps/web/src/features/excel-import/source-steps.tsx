import { InboxOutlined } from '@ant-design/icons';
import type { ItemType } from '@shortlist/contract';
import { Alert, Flex, Select, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sheet } from './mapping';
import { readSheet, UnreadableFileError } from './read-sheet';
import './resources';

interface ItemTypeStepProps {
  itemTypes: ItemType[] | undefined;
  value: number | null;
  onChange: (id: number) => void;
}

/** Step 1: the item type the rows become items of. */
export function ItemTypeStep({ itemTypes, value, onChange }: ItemTypeStepProps) {
  const { t } = useTranslation('excelImport');
  if (!itemTypes) return <Spin />;
  if (itemTypes.length === 0) return <Alert type="info" showIcon title={t('itemType.none')} />;
  return (
    <Flex vertical gap="small">
      <Typography.Text>{t('itemType.label')}</Typography.Text>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        value={value ?? undefined}
        placeholder={t('itemType.placeholder')}
        aria-label={t('itemType.label')}
        options={itemTypes.map((itemType) => ({ value: itemType.id, label: itemType.label }))}
        onChange={onChange}
        data-testid="import-item-type"
      />
    </Flex>
  );
}

interface FileStepProps {
  sheet: { name: string; sheet: Sheet } | null;
  onRead: (name: string, sheet: Sheet) => void;
}

/** Step 2: an .xlsx file, read in the browser; an unreadable or empty one is refused here. */
export function FileStep({ sheet, onRead }: FileStepProps) {
  const { t } = useTranslation('excelImport');
  const { t: tc } = useTranslation();
  const [isReading, setIsReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const read = async (file: File) => {
    setProblem(null);
    if (!file.name.toLowerCase().endsWith('.xlsx')) return setProblem(t('file.onlyXlsx'));
    setIsReading(true);
    try {
      const parsed = await readSheet(file);
      if (parsed.rows.length === 0) return setProblem(t('file.noRows'));
      onRead(file.name, parsed);
    } catch (error) {
      setProblem(
        error instanceof UnreadableFileError ? t('file.unreadable', { name: file.name }) : tc('common.error'),
      );
    } finally {
      setIsReading(false);
    }
  };

  return (
    <Flex vertical gap="middle">
      <Upload.Dragger
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        multiple={false}
        showUploadList={false}
        beforeUpload={(file) => {
          void read(file);
          return Upload.LIST_IGNORE;
        }}
        data-testid="import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{isReading ? t('file.reading') : t('file.hint')}</p>
      </Upload.Dragger>
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
      {sheet && !problem && (
        <Alert
          type="success"
          showIcon
          title={t('file.loaded', { name: sheet.name, count: sheet.sheet.rows.length })}
        />
      )}
    </Flex>
  );
}
