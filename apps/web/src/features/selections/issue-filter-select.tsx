import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIssueOptions } from './use-issue-options';
import '../../app/i18n/selections-resources';

interface IssueFilterSelectProps {
  teamId: number;
  value: number | undefined;
  onChange: (issueId: number | undefined) => void;
}

/** The items page's selection filter: all items, or the items of one selection. */
export function IssueFilterSelect({ teamId, value, onChange }: IssueFilterSelectProps) {
  const { t } = useTranslation('selections');
  const { options, isLoading, onSearch } = useIssueOptions(teamId);
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch }}
      value={value}
      placeholder={t('bulk.allItems')}
      aria-label={t('bulk.filter')}
      options={options}
      loading={isLoading}
      onChange={(id) => onChange(id ?? undefined)}
      popupMatchSelectWidth={false}
      style={{ minWidth: 200 }}
      data-testid="items-issue-filter"
    />
  );
}
