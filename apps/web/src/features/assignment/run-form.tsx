import {
  type AssignAccessResult,
  type AssignBy,
  ITEMS_PER_JUDGE_MAX,
  JUDGES_PER_ITEM_MAX,
  MAX_PAIR_PROBABILITY_MIN,
} from '@shortlist/contract';
import { App, Button, Card, Checkbox, Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useJudgeError } from '../judges/use-judge-error';
import { useAssignmentMutations } from './use-assignment';
import './resources';
import { useFormat } from '../../lib/i18n/format';

interface Values {
  by: Extract<AssignBy, 'balanced' | 'expertise'>;
  judges_per_item: number;
  max_items_per_judge: number | null;
  fairness: boolean;
  randomised: boolean;
  max_pair_probability: number;
  top_up: boolean;
}

const INITIAL: Values = {
  by: 'expertise',
  judges_per_item: 3,
  max_items_per_judge: null,
  fairness: false,
  randomised: false,
  max_pair_probability: 0.5,
  top_up: false,
};

/** Step 3: the assignment's options, and the run; `onDone` gets its result (quality and shortfalls). */
export function RunForm({ issueId, onDone }: { issueId: number; onDone(result: AssignAccessResult): void }) {
  const { decimalSeparator } = useFormat();
  const { t } = useTranslation('assignment');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { run } = useAssignmentMutations(issueId);
  const showError = useJudgeError();
  const isExpertise = Form.useWatch('by', form) !== 'balanced';
  const isRandomised = Form.useWatch('randomised', form) === true;

  const finish = (values: Values) =>
    run.mutate(
      {
        by: values.by,
        judges_per_item: values.judges_per_item,
        max_items_per_judge: values.max_items_per_judge ?? ITEMS_PER_JUDGE_MAX,
        mode: values.top_up ? 'top_up' : 'replace',
        ...(values.by === 'expertise'
          ? {
              fairness: values.fairness,
              ...(values.randomised ? { max_pair_probability: values.max_pair_probability } : {}),
            }
          : {}),
      },
      {
        onSuccess: (result) => {
          void message.success(t('run.done', { count: result.nb_assigned, ms: result.solve_ms }));
          onDone(result);
        },
        onError: (error) => showError(error, 'accessFailed'),
      },
    );

  return (
    <Card title={t('run.title')} data-testid="assign-run">
      <Form<Values> form={form} layout="vertical" initialValues={INITIAL} onFinish={finish}>
        <Form.Item name="by" label={t('run.by')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'expertise', label: t('run.expertise') },
              { value: 'balanced', label: t('run.balanced') },
            ]}
            data-testid="assign-by"
          />
        </Form.Item>
        <Form.Item name="judges_per_item" label={t('run.judgesPerItem')} rules={[{ required: true }]}>
          <InputNumber min={1} max={JUDGES_PER_ITEM_MAX} precision={0} data-testid="assign-judges-per-item" />
        </Form.Item>
        <Form.Item name="max_items_per_judge" label={t('run.maxPerJudge')} extra={t('run.maxPerJudgeHint')}>
          <InputNumber min={1} max={ITEMS_PER_JUDGE_MAX} precision={0} data-testid="assign-items-per-judge" />
        </Form.Item>
        {isExpertise && (
          <>
            <Form.Item name="fairness" valuePropName="checked" extra={t('run.fairnessHint')}>
              <Checkbox data-testid="assign-fairness">{t('run.fairness')}</Checkbox>
            </Form.Item>
            <Form.Item name="randomised" valuePropName="checked">
              <Checkbox data-testid="assign-randomised">{t('run.randomised')}</Checkbox>
            </Form.Item>
            {isRandomised && (
              <Form.Item
                name="max_pair_probability"
                label={t('run.maxPairProbability')}
                extra={t('run.maxPairProbabilityHint')}
                rules={[{ required: true }]}
              >
                <InputNumber
                  min={MAX_PAIR_PROBABILITY_MIN}
                  max={1}
                  step={0.05}
                  decimalSeparator={decimalSeparator}
                  data-testid="assign-max-pair-probability"
                />
              </Form.Item>
            )}
          </>
        )}
        <Form.Item name="top_up" valuePropName="checked">
          <Checkbox data-testid="assign-top-up">{t('run.topUp')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={run.isPending} data-testid="assign-submit">
          {t('run.submit')}
        </Button>
      </Form>
    </Card>
  );
}
