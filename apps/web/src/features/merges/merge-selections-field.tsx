import { DeleteOutlined } from '@ant-design/icons';
import {
  MERGE_SEARCH_DEBOUNCE_MS,
  MERGE_WEIGHT_MAX,
  MERGE_WEIGHT_MIN,
  MERGE_WEIGHT_STEP,
  type MergeInfo,
} from '@shortlist/contract';
import { Alert, Button, Flex, InputNumber, List, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from './use-debounced-value';
import { useIssueSearch } from './use-merges';
import './resources';

interface MergeSelectionsFieldProps {
  teamId: number;
  max: number;
  /** Given by the Form.Item around it. */
  value?: MergeInfo[];
  onChange?: (value: MergeInfo[]) => void;
}

/** The merge's selections: a debounced search (5 results, hidden at the maximum) and a weight for each. */
export function MergeSelectionsField({
  teamId,
  max,
  value = [],
  onChange = () => {},
}: MergeSelectionsFieldProps) {
  const { t } = useTranslation('merges');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, MERGE_SEARCH_DEBOUNCE_MS);
  const results = useIssueSearch(teamId, debounced);
  const isFull = value.length >= max;
  const chosen = new Set(value.map((info) => info.issue.id));
  const options = (results.data?.results ?? [])
    .filter((issue) => !chosen.has(issue.id))
    .map((issue) => ({ value: issue.id, label: issue.title }));

  const add = (id: number) => {
    const issue = results.data?.results.find((candidate) => candidate.id === id);
    if (!issue) return;
    onChange([
      ...value,
      {
        issue: { id: issue.id, title: issue.title, resourcetype: issue.resourcetype, round: issue.round },
        weight: 1,
      },
    ]);
    setSearch('');
  };

  return (
    <Flex vertical gap={8}>
      {isFull ? (
        <Alert type="info" showIcon title={t('form.maxReached', { max })} data-testid="merge-max-reached" />
      ) : (
        <Select
          showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
          value={null}
          placeholder={t('form.search')}
          aria-label={t('form.search')}
          options={options}
          loading={results.isFetching}
          notFoundContent={t('form.noResults')}
          onChange={add}
          data-testid="merge-issue-search"
        />
      )}
      <List
        size="small"
        dataSource={value}
        renderItem={(info, index) => (
          <List.Item
            actions={[
              <Button
                key="remove"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('form.remove', { title: info.issue.title })}
                onClick={() => onChange(value.filter((_, other) => other !== index))}
              />,
            ]}
          >
            <Flex gap={12} align="center" style={{ width: '100%' }}>
              <Typography.Text ellipsis style={{ flex: 1 }}>
                {info.issue.title}
              </Typography.Text>
              <Typography.Text type="secondary">{t('form.weight')}</Typography.Text>
              <InputNumber
                min={MERGE_WEIGHT_MIN}
                max={MERGE_WEIGHT_MAX}
                step={MERGE_WEIGHT_STEP}
                value={info.weight}
                aria-label={`${t('form.weight')} ${info.issue.title}`}
                style={{ width: 110 }}
                onChange={(weight) =>
                  onChange(
                    value.map((other, at) =>
                      at === index ? { ...other, weight: weight ?? MERGE_WEIGHT_MIN } : other,
                    ),
                  )
                }
                data-testid="merge-weight"
              />
            </Flex>
          </List.Item>
        )}
      />
    </Flex>
  );
}
