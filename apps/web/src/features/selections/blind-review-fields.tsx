import type { Issue } from '@shortlist/contract';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useItemType } from '../item-types/use-item-type';
import { useCurrentTeam } from '../teams/team-context';
import { fetchIssueDatasets } from './api';
import '../../app/i18n/selections-resources';

/**
 * The selection dialog's blind review (docs/judging.md): the item type's questions judges see, one check
 * box each; "hide who sent it"; the judges' names. The questions are known once the selection has an item
 * type (its first items give it one).
 */
export function BlindReviewFields({ issue }: { issue: Pick<Issue, 'id' | 'data_model'> | undefined }) {
  const { t } = useTranslation('selections');
  const team = useCurrentTeam();
  // Adding items does not set a selection's item type: then its first item's is the one.
  const firstItem = useQuery({
    queryKey: ['issues', issue?.id, 'first-item'],
    queryFn: () => fetchIssueDatasets(issue?.id ?? 0, { limit: 1, offset: 0 }),
    enabled: issue !== undefined && issue.data_model === null,
  });
  const dataModelId = issue?.data_model ?? firstItem.data?.results[0]?.data_model ?? null;
  const itemType = useItemType(team.id, dataModelId ?? 0, { enabled: dataModelId !== null });
  const fields = itemType.data?.datum_fields ?? [];
  return (
    <fieldset
      data-testid="blind-review"
      style={{
        border: 0,
        borderTop: '1px solid #f0f0f0',
        margin: '0 0 8px',
        padding: '12px 0 0',
        minWidth: 0,
      }}
    >
      <Typography.Title level={5} component="legend">
        {t('blind.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('blind.help')}</Typography.Paragraph>
      {dataModelId === null ? (
        <Typography.Paragraph type="secondary">{t('blind.noItemType')}</Typography.Paragraph>
      ) : (
        <Form.Item name="hidden_fields" label={t('blind.hiddenFields')} extra={t('blind.hiddenFieldsHelp')}>
          <Checkbox.Group
            data-testid="blind-hidden-fields"
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            options={fields.map((field) => ({
              value: field.id,
              label: field.identifying ? `${field.label} (${t('blind.identifying')})` : field.label,
            }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="hide_respondent"
        label={t('blind.hideRespondent')}
        extra={t('blind.hideRespondentHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="blind-hide-respondent" />
      </Form.Item>
      <Form.Item
        name="hide_judge_names"
        label={t('blind.hideJudgeNames')}
        extra={t('blind.hideJudgeNamesHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="blind-hide-judge-names" />
      </Form.Item>
    </fieldset>
  );
}
