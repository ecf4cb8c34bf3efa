import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIssueOptions } from '../selections/use-issue-options';
import './resources';

interface SelectionFilterSelectProps {
  teamId: number;
  value: number | undefined;
  onChange: (issueId: number | undefined) => void;
}

/** The items page's selection filter: all items, or the items of one selection. */
export function SelectionFilterSelect({ teamId, value, onChange }: SelectionFilterSelectProps) {
  const { t } = useTranslation('items');
  const { options, isLoading, onSearch } = useIssueOptions(teamId);
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch }}
      value={value}
      placeholder={t('allItems')}
      aria-label={t('selectionFilter')}
      options={options}
      loading={isLoading}
      onChange={(id) => onChange(id ?? undefined)}
      popupMatchSelectWidth={false}
      style={{ minWidth: 200 }}
      data-testid="items-issue-filter"
    />
  );
}
