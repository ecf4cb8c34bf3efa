import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  HolderOutlined,
} from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { DatumField } from '@shortlist/contract';
import { Button, Card, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './resources';
import '../item-types/resources';

interface SortableQuestionProps {
  field: DatumField;
  /** "Shown when…" for a conditional question. */
  conditionText: string | null;
  /** The question whose answer names each response (the form's title_field). */
  isTitle: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Moves the question one place up (-1) or down (1): dragging's alternative with one click (WCAG 2.5.7). */
  onMove: (step: -1 | 1) => void;
  isFirst: boolean;
  isLast: boolean;
}

/** One question of the form: a drag handle (mouse or keyboard), its label and type, up and down, edit and delete. */
export function SortableQuestion(props: SortableQuestionProps) {
  const { field, conditionText, isTitle, onEdit, onDelete, onMove, isFirst, isLast } = props;
  const { t } = useTranslation('forms');
  const { t: ti } = useTranslation('itemTypes');
  const { t: tc } = useTranslation();
  const sortable = useSortable({ id: field.id });
  const style = {
    transform: CSS.Transform.toString(sortable.transform),
    transition: sortable.transition,
    opacity: sortable.isDragging ? 0.6 : 1,
  };

  return (
    <div ref={sortable.setNodeRef} style={style} data-testid="form-question">
      <Card size="small">
        <Flex align="center" gap={8}>
          <Button
            type="text"
            icon={<HolderOutlined />}
            ref={sortable.setActivatorNodeRef}
            {...sortable.attributes}
            {...sortable.listeners}
            aria-label={t('questions.drag', { label: field.label })}
            style={{ cursor: 'grab' }}
            data-testid={`drag-question-${field.id}`}
          />
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong ellipsis data-testid="question-label">
              {field.label}
            </Typography.Text>
            <Space size={4} wrap>
              <Tag>{ti(`types.${field.resourcetype}`)}</Tag>
              {field.required && <Tag color="red">{t('questions.required')}</Tag>}
              {isTitle && (
                <Tag color="blue" data-testid="question-is-title">
                  {t('questions.titlesResponses')}
                </Tag>
              )}
              {conditionText && (
                <Typography.Text type="secondary" data-testid="question-condition">
                  {conditionText}
                </Typography.Text>
              )}
            </Space>
          </Flex>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={ti('fields.moveUp', { label: field.label })}
            disabled={isFirst}
            onClick={() => onMove(-1)}
            data-testid={`move-up-question-${field.id}`}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={ti('fields.moveDown', { label: field.label })}
            disabled={isLast}
            onClick={() => onMove(1)}
            data-testid={`move-down-question-${field.id}`}
          />
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('questions.edit', { label: field.label })}
            onClick={onEdit}
            data-testid={`edit-question-${field.id}`}
          />
          <Popconfirm title={tc('common.confirmDelete')} onConfirm={onDelete}>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('questions.delete', { label: field.label })}
            />
          </Popconfirm>
        </Flex>
      </Card>
    </div>
  );
}
