import { type PublicQuestion, TEXTAREA_THRESHOLD } from '@shortlist/contract';
import { Checkbox, Form, Input, Radio, Select, Space } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FileQuestion } from './file-question';
import { formatError, formatInputProps } from './format-check';

// Only forms with a budget question download its table (and the number inputs it uses).
const BudgetTable = lazy(() => import('../items/budget-table').then((m) => ({ default: m.BudgetTable })));

type ChoiceQuestion = Extract<PublicQuestion, { resourcetype: 'choice' }>;

function ChoiceInput({ question, ...props }: { question: ChoiceQuestion }) {
  const { t } = useTranslation('formRespond');
  const options = question.options.map(({ label }) => ({ label, value: label }));
  if (question.multiple) {
    return (
      <Checkbox.Group {...props}>
        <Space direction="vertical">
          {options.map((option) => (
            <Checkbox key={option.value} value={option.value}>
              {option.label}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
    );
  }
  if (question.radio) {
    return (
      <Radio.Group {...props}>
        <Space direction="vertical">
          {options.map((option) => (
            <Radio key={option.value} value={option.value}>
              {option.label}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    );
  }
  return (
    <Select {...props} options={options} allowClear placeholder={t('choose')} style={{ maxWidth: 480 }} />
  );
}

function QuestionInput({ question, ...props }: { question: PublicQuestion }) {
  switch (question.resourcetype) {
    case 'choice':
      return <ChoiceInput question={question} {...props} />;
    case 'file':
      return <FileQuestion question={question} {...props} />;
    case 'custom':
      return (
        <Suspense fallback={null}>
          <BudgetTable {...props} />
        </Suspense>
      );
    default:
      // Long answers get room to write; short ones, and formatted ones, stay on one line.
      return question.response_max_length > TEXTAREA_THRESHOLD && question.format === null ? (
        <Input.TextArea
          {...props}
          maxLength={question.response_max_length}
          showCount
          autoSize={{ minRows: 3 }}
        />
      ) : (
        <Input {...props} {...formatInputProps(question)} maxLength={question.response_max_length} />
      );
  }
}

/**
 * One question: label with an asterisk when required, description, input by type, its error. A formatted
 * answer is checked as soon as the respondent leaves it (and again on sending).
 */
export function QuestionField({ question }: { question: PublicQuestion }) {
  const { t } = useTranslation('formRespond');
  const formatRule = {
    validator: async (_: unknown, value: unknown) => {
      const error = formatError(question, value, t);
      if (error) throw new Error(error);
    },
  };
  return (
    <Form.Item
      name={['answers', String(question.id)]}
      label={question.label}
      required={question.required}
      extra={question.description || undefined}
      rules={question.resourcetype === 'text' && question.format ? [formatRule] : undefined}
      validateTrigger="onBlur"
      data-testid={`question-${question.id}`}
    >
      <QuestionInput question={question} />
    </Form.Item>
  );
}
