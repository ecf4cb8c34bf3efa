import {
  ITEM_TYPE_MISMATCH,
  NOTHING_TO_PROMOTE,
  type PromoteBody,
  type PromoteResult,
  roundTitle,
} from '@shortlist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, InputNumber, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './resources';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { getFieldErrors, joinFieldMessages } from '../../lib/api-errors';
import { useFormat } from '../../lib/i18n/format';
import { issueManagePath } from '../selections/issue-paths';
import { useIssueOptions } from '../selections/use-issue-options';
import { type PromoteSource, promoteItems } from './api';

/** The report's parameters: the items are ranked as the table shows them. */
export type RankingParams = Pick<
  PromoteBody,
  'criteria' | 'tags' | 'only_verified_emails' | 'normalised' | 'per_criterion'
>;

export interface PromoteDialogProps {
  open: boolean;
  onClose: () => void;
  source: PromoteSource;
  teamId: number;
  /** The source's title and round: the new round's title is shown before it is made. */
  title: string;
  round: number;
  params: RankingParams;
  /** The item tags offered (those of the ranking's items). */
  tagOptions: string[];
  /** The rows ticked in the table. */
  ticked: number[];
}

type By = 'top' | 'min_value' | 'tag' | 'datasets';
type Reuse = 'judges' | 'criteria' | 'settings';
interface Values {
  target: 'new' | 'existing';
  targetId?: number;
  by: By;
  top?: number;
  min_value?: number;
  tag?: string;
  reuse: Reuse[];
}

const FORM_ID = 'promote-form';

function toBody(values: Values, params: RankingParams, ticked: number[]): PromoteBody {
  const reuse = new Set(values.reuse);
  const chosen = {
    top: { top: values.top },
    min_value: { min_value: values.min_value },
    tag: { tag: values.tag },
    datasets: { datasets: ticked },
  }[values.by];
  return {
    target: values.target === 'new' ? null : (values.targetId ?? null),
    ...chosen,
    ...params,
    copy_judges: reuse.has('judges'),
    copy_criteria: reuse.has('criteria'),
    copy_settings: reuse.has('settings'),
  };
}

/**
 * Promote to the next round: into a new round (reusing the jury, criteria and settings as chosen) or an
 * existing selection, the top k, the items above a value, with a tag, or the ticked ones; then what happened
 * and a link to the target.
 */
export function PromoteDialog({
  open,
  onClose,
  source,
  teamId,
  title,
  round,
  params,
  tagOptions,
  ticked,
}: PromoteDialogProps) {
  const { decimalSeparator } = useFormat();
  const { t } = useTranslation('rounds');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const target = Form.useWatch('target', form) ?? 'new';
  const by = Form.useWatch('by', form) ?? 'top';
  const { options, isLoading, onSearch } = useIssueOptions(teamId, open && target === 'existing');
  const [result, setResult] = useState<PromoteResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const promote = useMutation({
    mutationFn: (body: PromoteBody) => promoteItems(source, body),
    onSuccess: (reply) => {
      setResult(reply);
      void queryClient.invalidateQueries({ queryKey: ['issues'] });
      void queryClient.invalidateQueries({ queryKey: ['item-path'] });
    },
    onError: (failure) => {
      const code = failure instanceof ApiError ? failure.code : undefined;
      const fields = getFieldErrors(failure);
      setError(
        code === NOTHING_TO_PROMOTE
          ? t('nothing')
          : code === ITEM_TYPE_MISMATCH
            ? t('mismatch')
            : fields
              ? joinFieldMessages(fields, ' ', Object.keys(fields))
              : t('failed'),
      );
    },
  });

  const reset = () => {
    form.resetFields();
    setResult(null);
    setError(null);
  };

  const footer = result
    ? [
        <Button key="close" type="primary" onClick={onClose}>
          {tc('common.close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {tc('common.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          htmlType="submit"
          form={FORM_ID}
          loading={promote.isPending}
          data-testid="promote-submit"
        >
          {t('submit')}
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={t('title')}
      onCancel={onClose}
      afterClose={reset}
      footer={footer}
      data-testid="promote-dialog"
    >
      {result ? (
        <Alert
          type="success"
          showIcon
          data-testid="promote-result"
          title={t('done', { count: result.added })}
          description={
            <Flex vertical gap={8} align="start">
              {result.already > 0 && <span>{t('already', { count: result.already })}</span>}
              <Link to={issueManagePath(teamId, result.issue)} data-testid="promote-target-link">
                {t('open')}
              </Link>
            </Flex>
          }
        />
      ) : (
        <Form<Values>
          id={FORM_ID}
          form={form}
          layout="vertical"
          initialValues={{ target: 'new', by: 'top', top: 3, reuse: ['judges', 'criteria', 'settings'] }}
          onValuesChange={() => setError(null)}
          onFinish={(values) => promote.mutate(toBody(values, params, ticked))}
        >
          <Form.Item name="target" label={t('target')}>
            <Radio.Group
              options={[
                { value: 'new', label: t('newRound', { title: roundTitle(title, round + 1) }) },
                { value: 'existing', label: t('existing') },
              ]}
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              data-testid="promote-target"
            />
          </Form.Item>
          {target === 'existing' && (
            <Form.Item
              name="targetId"
              label={t('pickTarget')}
              rules={[{ required: true, message: t('pickTargetRequired') }]}
            >
              <Select<number>
                showSearch={{ filterOption: false, onSearch }}
                options={options.filter(
                  (option) => !(source.kind === 'issues' && option.value === source.id),
                )}
                loading={isLoading}
                data-testid="promote-target-select"
              />
            </Form.Item>
          )}
          <Form.Item name="by" label={t('which')}>
            <Radio.Group
              options={[
                { value: 'top', label: t('byTop') },
                { value: 'min_value', label: t('byMinValue') },
                { value: 'tag', label: t('byTag'), disabled: tagOptions.length === 0 },
                {
                  value: 'datasets',
                  label: ticked.length > 0 ? t('byTicked', { count: ticked.length }) : t('byTickedNone'),
                  disabled: ticked.length === 0,
                },
              ]}
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              data-testid="promote-by"
            />
          </Form.Item>
          {by === 'top' && (
            <Form.Item
              name="top"
              label={t('topCount')}
              extra={t('topHelp')}
              rules={[{ required: true, message: t('valueRequired') }]}
            >
              <InputNumber min={1} max={10000} precision={0} data-testid="promote-top" />
            </Form.Item>
          )}
          {by === 'min_value' && (
            <Form.Item
              name="min_value"
              label={t('minValue')}
              extra={t('minValueHelp')}
              rules={[{ required: true, message: t('valueRequired') }]}
            >
              <InputNumber step={0.1} decimalSeparator={decimalSeparator} data-testid="promote-min-value" />
            </Form.Item>
          )}
          {by === 'tag' && (
            <Form.Item name="tag" label={t('tag')} rules={[{ required: true, message: t('tagRequired') }]}>
              <Select<string>
                options={tagOptions.map((tag) => ({ value: tag, label: tag }))}
                data-testid="promote-tag"
              />
            </Form.Item>
          )}
          {target === 'new' && (
            <Form.Item name="reuse" label={t('reuse')}>
              <Checkbox.Group
                options={[
                  { value: 'judges', label: t('reuseJudges') },
                  { value: 'criteria', label: t('reuseCriteria') },
                  { value: 'settings', label: t('reuseSettings') },
                ]}
                style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
                data-testid="promote-reuse"
              />
            </Form.Item>
          )}
          <Alert type="info" showIcon title={t('filtersNote')} />
          {error && (
            <Alert
              type="error"
              showIcon
              title={error}
              style={{ marginTop: 12 }}
              data-testid="promote-error"
            />
          )}
        </Form>
      )}
    </Modal>
  );
}
