import type { Issue } from '@shortlist/contract';
import { Form, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useItemTypesById } from '../item-types/use-item-type';
import { useCurrentTeam } from '../teams/team-context';
import { HiddenQuestionsPicker } from './hidden-questions-picker';
import './resources';

/**
 * The selection dialog's blind review (docs/judging.md): the questions judges do not see, grouped by the
 * item types the selection holds (its own and its items'); "hide who sent it"; the judges' names.
 */
export function BlindReviewFields({ issue }: { issue: Pick<Issue, 'item_types'> | undefined }) {
  const { t } = useTranslation('selections');
  const team = useCurrentTeam();
  const itemTypes = useItemTypesById(team.id, issue?.item_types ?? []);
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
      {(issue?.item_types ?? []).length === 0 ? (
        <Typography.Paragraph type="secondary">{t('blind.noItemType')}</Typography.Paragraph>
      ) : (
        <Form.Item name="hidden_fields" label={t('blind.hiddenFields')} extra={t('blind.hiddenFieldsHelp')}>
          <HiddenQuestionsPicker itemTypes={itemTypes.data ?? []} />
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
