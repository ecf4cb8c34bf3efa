import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { type QuestionsOfType, sharedQuestions, tickState, withTicked } from './hidden-questions';
import './resources';

/** A group of check boxes under its own caption: a fieldset, so that a screen reader names the group. */
function Group({ legend, testId, children }: { legend: string; testId: string; children: React.ReactNode }) {
  return (
    <fieldset data-testid={testId} style={{ border: 0, margin: '0 0 12px', padding: 0, minWidth: 0 }}>
      <legend style={{ fontSize: 'inherit', fontWeight: 600, color: 'inherit', marginBottom: 4 }}>
        {legend}
      </legend>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>{children}</div>
    </fieldset>
  );
}

/**
 * The questions judges must not see (`hidden_fields`), grouped by the item type that asks them, and for a
 * label that several item types share, one box that hides it in every one of them. A form control:
 * `value` and `onChange` come from the form's item.
 */
export function HiddenQuestionsPicker({
  itemTypes,
  value = [],
  onChange,
}: {
  itemTypes: QuestionsOfType[];
  value?: number[];
  onChange?: (value: number[]) => void;
}) {
  const { t } = useTranslation('selections');
  const shared = sharedQuestions(itemTypes);
  const set = (ids: number[], ticked: boolean) => onChange?.(withTicked(value, ids, ticked));
  return (
    <div data-testid="blind-hidden-fields">
      {shared.length > 0 && (
        <Group legend={t('blind.sharedQuestions')} testId="blind-shared-questions">
          {shared.map(({ label, ids }) => (
            <Checkbox
              key={label}
              {...tickState(value, ids)}
              onChange={(event) => set(ids, event.target.checked)}
            >
              {t('blind.everyItemType', { label })}
            </Checkbox>
          ))}
        </Group>
      )}
      {itemTypes.map((type) => (
        <Group key={type.id} legend={type.label} testId={`blind-item-type-${type.id}`}>
          {type.datum_fields.map((field) => (
            <Checkbox
              key={field.id}
              checked={value.includes(field.id)}
              onChange={(event) => set([field.id], event.target.checked)}
            >
              {field.identifying ? `${field.label} (${t('blind.identifying')})` : field.label}
            </Checkbox>
          ))}
        </Group>
      ))}
    </div>
  );
}
