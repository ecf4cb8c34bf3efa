import { PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import {
  type DatumField,
  DEFAULT_TEAM_PACKAGE,
  type IntakeForm,
  MAX_FIELDS_PER_ITEM_TYPE,
  QUESTION_LABEL_MAX_LENGTH,
} from '@shortlist/contract';
import { Alert, App, Button, Empty, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../lib/lazy-dialog';
import { useShowSaveError } from '../item-types/use-save-error';
import { useCurrentTeam } from '../teams/team-context';
import { ConditionPicker, type ConditionValues } from './condition-picker';
import { SectionSlot } from './section-block';
import type { SectionTarget } from './section-dialog';
import { freePosition, placeSections } from './section-placement';
import { SortableQuestion } from './sortable-question';
import { useDragAccessibility } from './use-drag-accessibility';
import type { FormMutations } from './use-form';
import { toConditionValues, useSaveQuestion } from './use-save-question';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const FieldDialog = lazyDialog(
  () => import('../item-types/field-dialog').then((m) => m.FieldDialog),
  (props) => props.isOpen,
);
const SectionDialog = lazyDialog(
  () => import('./section-dialog').then((m) => m.SectionDialog),
  (props) => props.target !== null,
);

/**
 * The form's questions in order (drag and drop, also by keyboard, or up and down buttons), the section titles
 * between them, and their dialogs.
 */
export function QuestionsSection({ form, mutations }: { form: IntakeForm; mutations: FormMutations }) {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const team = useCurrentTeam();
  const showSaveError = useShowSaveError();
  const saveQuestion = useSaveQuestion(form, mutations);
  const fields = form.data_model.datum_fields;
  const [order, setOrder] = useState(() => fields.map((field) => field.id));
  const [dialog, setDialog] = useState<{ field: DatumField | null; extra: ConditionValues } | null>(null);
  const openDialog = (field: DatumField | null) =>
    setDialog({ field, extra: toConditionValues(form, field) });
  const [sectionTarget, setSectionTarget] = useState<SectionTarget | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const fieldsKey = fields.map((field) => field.id).join(',');
  useEffect(() => setOrder(fieldsKey ? fieldsKey.split(',').map(Number) : []), [fieldsKey]);

  const byId = new Map(fields.map((field) => [field.id, field]));
  const accessibility = useDragAccessibility((id) => byId.get(Number(id))?.label ?? '');
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  const { above, atEnd } = placeSections(ordered, form.titles);
  const isFull = fields.length >= MAX_FIELDS_PER_ITEM_TYPE;
  const canUseBudget = { ...DEFAULT_TEAM_PACKAGE, ...team.package }.datum_field_custom_type_budget;

  const conditionText = (field: DatumField) => {
    const condition = form.datum_field_conditions.find((candidate) => candidate.id === field.condition);
    const question = condition && byId.get(condition.datum_field);
    return condition && question
      ? t('questions.conditional', { question: question.label, value: condition.value })
      : null;
  };

  const move = (from: number, to: number) => {
    const next = arrayMove(order, from, to);
    setOrder(next);
    mutations.reorder.mutate(
      next.map((id, index) => [id, index + 1]),
      { onError: showSaveError },
    );
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(order.indexOf(Number(active.id)), order.indexOf(Number(over.id)));
  };

  const sectionSlot = (position: number, field?: DatumField) => (
    <SectionSlot
      sections={field ? (above.get(field.id) ?? []) : atEnd}
      questionLabel={field?.label}
      onAdd={() =>
        setSectionTarget({
          section: null,
          position: freePosition(form.titles, position),
          linkedTo: field?.id ?? null,
        })
      }
      onEdit={(section) => setSectionTarget({ section, position, linkedTo: section.linked_to_df })}
      onDelete={(section) =>
        mutations.deleteSection.mutate(section.id, {
          onSuccess: () => void message.success(tc('common.deleted')),
          onError: () => void message.error(tc('common.error')),
        })
      }
    />
  );

  return (
    <section aria-labelledby="form-questions">
      <Typography.Title level={4} id="form-questions">
        {t('questions.title')}
      </Typography.Title>
      {ordered.length === 0 && <Empty description={t('questions.empty')} data-testid="questions-empty" />}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={accessibility}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <Flex vertical gap={6} data-testid="questions-list">
            {ordered.map((field, index) => (
              <Flex vertical gap={6} key={field.id}>
                {sectionSlot(index, field)}
                <SortableQuestion
                  field={field}
                  conditionText={conditionText(field)}
                  isTitle={field.id === form.title_field}
                  onEdit={() => openDialog(field)}
                  onMove={(step) => move(order.indexOf(field.id), order.indexOf(field.id) + step)}
                  isFirst={index === 0}
                  isLast={index === ordered.length - 1}
                  onDelete={() =>
                    mutations.deleteField.mutate(field.id, {
                      onSuccess: () =>
                        // The server titles the responses by e-mail again when their title question goes.
                        void (field.id === form.title_field
                          ? message.warning(t('titleField.reset', { label: field.label }))
                          : message.success(tc('common.deleted'))),
                      onError: () => void message.error(tc('common.error')),
                    })
                  }
                />
              </Flex>
            ))}
            {(ordered.length > 0 || atEnd.length > 0) && sectionSlot(ordered.length)}
          </Flex>
        </SortableContext>
      </DndContext>
      <Flex className="sl-form-bottom-bar" justify="center" style={{ marginTop: 16 }}>
        {isFull ? (
          <Alert type="info" showIcon title={t('questions.maxReached', { max: MAX_FIELDS_PER_ITEM_TYPE })} />
        ) : (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openDialog(null)}
            data-testid="add-question"
          >
            {t('questions.add')}
          </Button>
        )}
      </Flex>
      <FieldDialog
        field={dialog?.field ?? null}
        isOpen={dialog !== null}
        isSaving={mutations.createField.isPending || mutations.updateField.isPending}
        canUseBudget={canUseBudget}
        labelMaxLength={QUESTION_LABEL_MAX_LENGTH}
        language={form.language_code}
        extraValues={dialog?.extra}
        onSave={async (payload, values) => {
          if (await saveQuestion(dialog?.field ?? null, payload, values as ConditionValues)) setDialog(null);
        }}
        onClose={() => setDialog(null)}
      >
        <ConditionPicker
          questions={fields.filter(
            (field) =>
              field.id !== dialog?.field?.id &&
              (field.resourcetype === 'text' || field.resourcetype === 'choice'),
          )}
        />
      </FieldDialog>
      <SectionDialog
        formId={form.id}
        target={sectionTarget}
        mutations={mutations}
        onClose={() => setSectionTarget(null)}
      />
    </section>
  );
}
