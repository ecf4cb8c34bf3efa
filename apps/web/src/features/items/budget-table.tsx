import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  BUDGET_CURRENCY_MAX_LENGTH,
  BUDGET_LABEL_MAX_LENGTH,
  BUDGET_MAX_LINES,
  BUDGET_MAX_VALUE,
  BUDGET_STEP,
  type BudgetLine,
  type BudgetResponse,
  budgetBalance,
  sumBudgetLines,
} from '@shortlist/contract';
import { Button, Flex, Input, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultBudget } from './budget-lines';

type Category = 'expenses' | 'income';

interface BudgetTableProps {
  value?: BudgetResponse;
  onChange?: (value: BudgetResponse) => void;
}

/** Expenses, income and their result (income minus expenses), in whole amounts by steps of 50. */
export function BudgetTable({ value = defaultBudget(), onChange }: BudgetTableProps) {
  const { t } = useTranslation('items');
  const setLines = (category: Category, lines: BudgetLine[]) => onChange?.({ ...value, [category]: lines });
  const setLine = (category: Category, index: number, line: Partial<BudgetLine>) =>
    setLines(
      category,
      value[category].map((current, i) => (i === index ? { ...current, ...line } : current)),
    );

  const section = (category: Category) => (
    <Flex vertical gap={6} style={{ flex: 1, minWidth: 280 }} data-testid={`budget-${category}`}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t(`budget.${category}`)}
      </Typography.Title>
      {value[category].map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id, and labels may repeat
        <Flex key={index} gap={6} align="center">
          <Input
            value={line.label}
            maxLength={BUDGET_LABEL_MAX_LENGTH}
            aria-label={t('budget.label')}
            onChange={(event) => setLine(category, index, { label: event.target.value })}
          />
          <InputNumber<number>
            value={line.value}
            min={0}
            max={BUDGET_MAX_VALUE}
            step={BUDGET_STEP}
            precision={0}
            aria-label={t('budget.amount')}
            style={{ width: 130 }}
            onChange={(amount) => setLine(category, index, { value: amount })}
          />
          <Button
            type="text"
            size="small"
            icon={<MinusCircleOutlined />}
            aria-label={t('budget.removeLine')}
            title={t('budget.removeLine')}
            onClick={() =>
              setLines(
                category,
                value[category].filter((_, i) => i !== index),
              )
            }
          />
        </Flex>
      ))}
      <Button
        type="dashed"
        size="small"
        icon={<PlusOutlined />}
        disabled={value[category].length >= BUDGET_MAX_LINES}
        title={
          value[category].length >= BUDGET_MAX_LINES
            ? t('budget.tooManyLines', { count: BUDGET_MAX_LINES })
            : undefined
        }
        onClick={() => setLines(category, [...value[category], { label: '', value: null }])}
      >
        {t('budget.addLine')}
      </Button>
      <Typography.Text strong>
        {t('budget.total')}: {sumBudgetLines(value[category])} {value.currency}
      </Typography.Text>
    </Flex>
  );

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center">
        <Typography.Text>{t('budget.currency')}</Typography.Text>
        <Input
          value={value.currency}
          maxLength={BUDGET_CURRENCY_MAX_LENGTH}
          style={{ width: 90 }}
          aria-label={t('budget.currency')}
          onChange={(event) => onChange?.({ ...value, currency: event.target.value })}
        />
      </Flex>
      <Flex gap={24} wrap>
        {section('expenses')}
        {section('income')}
      </Flex>
      <Typography.Text strong data-testid="budget-result">
        {t('budget.result')}: {budgetBalance(value)} {value.currency}
      </Typography.Text>
    </Flex>
  );
}
