import {
  ITEMS_PER_JUDGE_MAX,
  JUDGES_PER_ITEM_MAX,
  NO_ANSWERS_YET,
  UNCERTAIN_ITEMS_MAX,
} from '@shortlist/contract';
import { App, Button, Card, Flex, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useJudgeError } from '../judges/use-judge-error';
import { useAssignmentMutations } from './use-assignment';
import './resources';

interface Values {
  cutoff: number;
  judges_per_item: number;
  max_items_per_judge: number | null;
  uncertain_items: number | null;
}

/**
 * A second wave (`by: uncertainty`): once judges have answered, the items whose place around the cut-off
 * is least sure (the report's "How sure") get more judges, chosen by expertise; every pair stays.
 */
export function SecondWaveCard({ issueId }: { issueId: number }) {
  const { t } = useTranslation('assignment');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { run } = useAssignmentMutations(issueId);
  const showError = useJudgeError();

  const finish = (values: Values) =>
    run.mutate(
      {
        by: 'uncertainty',
        cutoff: values.cutoff,
        judges_per_item: values.judges_per_item,
        max_items_per_judge: values.max_items_per_judge ?? ITEMS_PER_JUDGE_MAX,
        ...(values.uncertain_items ? { uncertain_items: values.uncertain_items } : {}),
      },
      {
        onSuccess: (result) => void message.success(t('wave.done', { count: result.nb_assigned })),
        onError: (error) =>
          error instanceof ApiError && error.code === NO_ANSWERS_YET
            ? void message.error(t('wave.noAnswers'))
            : showError(error, 'accessFailed'),
      },
    );

  return (
    <Card title={t('wave.title')} data-testid="assign-wave">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('wave.intro')}</Typography.Text>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ judges_per_item: 1, max_items_per_judge: null, uncertain_items: null }}
          onFinish={finish}
        >
          <Flex gap={16} wrap>
            <Form.Item
              name="cutoff"
              label={t('wave.cutoff')}
              extra={t('wave.cutoffHint')}
              rules={[{ required: true, message: t('wave.cutoffRequired') }]}
            >
              <InputNumber min={1} max={UNCERTAIN_ITEMS_MAX} precision={0} data-testid="wave-cutoff" />
            </Form.Item>
            <Form.Item name="judges_per_item" label={t('wave.judgesPerItem')} rules={[{ required: true }]}>
              <InputNumber
                min={1}
                max={JUDGES_PER_ITEM_MAX}
                precision={0}
                data-testid="wave-judges-per-item"
              />
            </Form.Item>
            <Form.Item
              name="max_items_per_judge"
              label={t('run.maxPerJudge')}
              extra={t('run.maxPerJudgeHint')}
            >
              <InputNumber
                min={1}
                max={ITEMS_PER_JUDGE_MAX}
                precision={0}
                data-testid="wave-items-per-judge"
              />
            </Form.Item>
            <Form.Item name="uncertain_items" label={t('wave.items')} extra={t('wave.itemsHint')}>
              <InputNumber min={1} max={UNCERTAIN_ITEMS_MAX} precision={0} data-testid="wave-items" />
            </Form.Item>
          </Flex>
          <Button htmlType="submit" loading={run.isPending} data-testid="wave-submit">
            {t('wave.submit')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}
