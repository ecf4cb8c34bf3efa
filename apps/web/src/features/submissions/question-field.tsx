import { type BudgetResponse, type PublicQuestion, TEXTAREA_THRESHOLD } from '@shortlist/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type ControlProps, Field } from '../../lib/plain/field';
import type { AnswerValue, FileValue } from './answers';
import { FileQuestion } from './file-question';
import { formatInputProps } from './format-input';

// Only forms with a budget question download its table, its default lines and its words.
const BudgetQuestion = lazy(() => import('./budget-question').then((m) => ({ default: m.BudgetQuestion })));

type ChoiceQuestion = Extract<PublicQuestion, { resourcetype: 'choice' }>;

interface InputProps<Q extends PublicQuestion = PublicQuestion> {
  question: Q;
  control: ControlProps;
  value: AnswerValue;
  onChange(value: AnswerValue): void;
  onBlur(): void;
}

/** Several choices as check boxes, one as radios, or as a list when the form asks for it. */
function ChoiceInput({ question, control, value, onChange, onBlur }: InputProps<ChoiceQuestion>) {
  const { t } = useTranslation('submissions');
  const labels = question.options.map((option) => option.label);
  if (question.multiple || question.radio) {
    const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    const toggle = (label: string, isOn: boolean) =>
      question.multiple
        ? onChange(
            isOn
              ? labels.filter((each) => each === label || chosen.includes(each))
              : chosen.filter((each) => each !== label),
          )
        : onChange(label);
    return (
      <div className="sl-choices">
        {labels.map((label) => (
          <label key={label} className="sl-choice">
            <input
              type={question.multiple ? 'checkbox' : 'radio'}
              name={control.id}
              value={label}
              checked={chosen.includes(label)}
              onChange={(event) => toggle(label, event.target.checked)}
              onBlur={onBlur}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
    );
  }
  return (
    <select
      {...control}
      className="sl-input"
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      onBlur={onBlur}
    >
      <option value="">{t('choose')}</option>
      {labels.map((label) => (
        <option key={label} value={label}>
          {label}
        </option>
      ))}
    </select>
  );
}

/** Long answers get room to write, with what is left; short ones, and formatted ones, stay on one line. */
function TextInput({ question, control, value, onChange, onBlur }: InputProps) {
  const text = typeof value === 'string' ? value : '';
  if (question.resourcetype !== 'text') return null;
  if (question.response_max_length > TEXTAREA_THRESHOLD && question.format === null) {
    return (
      <>
        <textarea
          {...control}
          className="sl-input sl-textarea"
          rows={3}
          maxLength={question.response_max_length}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        <div className="sl-counter" aria-hidden="true">
          {text.length} / {question.response_max_length}
        </div>
      </>
    );
  }
  return (
    <input
      {...control}
      className="sl-input"
      {...formatInputProps(question)}
      maxLength={question.response_max_length}
      value={text}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}

function QuestionInput(props: InputProps) {
  const { question, value, onChange } = props;
  switch (question.resourcetype) {
    case 'choice':
      return <ChoiceInput {...props} question={question} />;
    case 'file':
      return <FileQuestion question={question} value={value as FileValue} onChange={onChange} />;
    case 'custom':
      return (
        <Suspense fallback={null}>
          <BudgetQuestion
            question={question}
            value={value as BudgetResponse | undefined}
            onChange={onChange}
          />
        </Suspense>
      );
    default:
      return <TextInput {...props} />;
  }
}

/**
 * One question: its label (an asterisk when required), description, input by type and message. A
 * formatted answer is checked when the respondent leaves it (`onBlur`), and again on sending.
 */
export function QuestionField({
  question,
  value,
  message,
  onChange,
  onBlur,
}: {
  question: PublicQuestion;
  value: AnswerValue;
  message: string | undefined;
  onChange(id: number, value: AnswerValue): void;
  onBlur(id: number): void;
}) {
  // Radios, check boxes, a file's buttons and a budget's lines are named by a legend, not one label.
  const isGroup =
    (question.resourcetype === 'choice' && (question.multiple || question.radio)) ||
    question.resourcetype === 'file' ||
    question.resourcetype === 'custom';
  return (
    <Field
      id={`question-${question.id}-input`}
      label={question.label}
      required={question.required}
      help={question.description || undefined}
      message={message}
      isGroup={isGroup}
      testId={`question-${question.id}`}
    >
      {(control) => (
        <QuestionInput
          question={question}
          control={control}
          value={value}
          onChange={(next) => onChange(question.id, next)}
          onBlur={() => onBlur(question.id)}
        />
      )}
    </Field>
  );
}
