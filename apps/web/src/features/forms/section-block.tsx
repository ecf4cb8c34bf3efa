import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormSection } from '@shortlist/contract';
import { Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './resources';

interface SectionSlotProps {
  sections: FormSection[];
  /** The label of the question below, for the add button's name; none at the end of the form. */
  questionLabel?: string;
  onAdd: () => void;
  onEdit: (section: FormSection) => void;
  onDelete: (section: FormSection) => void;
}

/** The place above a question: its section titles, or a small button to add one. */
export function SectionSlot({ sections, questionLabel, onAdd, onEdit, onDelete }: SectionSlotProps) {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  if (sections.length === 0) {
    const label = questionLabel
      ? t('questions.addSection', { label: questionLabel })
      : t('questions.addSectionEnd');
    return (
      <Button
        type="text"
        size="small"
        icon={<PlusOutlined />}
        aria-label={label}
        title={label}
        onClick={onAdd}
        className="sl-section-add"
        data-testid="add-section"
      />
    );
  }
  return sections.map((section) => (
    <Card key={section.id} size="small" className="sl-admin-section" data-testid="form-section">
      <Flex justify="space-between" align="start" gap={8}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {section.text}
          </Typography.Title>
          {section.body && (
            <Typography.Paragraph className="sl-pre-line">{section.body}</Typography.Paragraph>
          )}
        </div>
        <Flex gap={4}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('section.edit', { text: section.text })}
            onClick={() => onEdit(section)}
          />
          <Popconfirm title={tc('common.confirmDelete')} onConfirm={() => onDelete(section)}>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('section.delete', { text: section.text })}
            />
          </Popconfirm>
        </Flex>
      </Flex>
    </Card>
  ));
}
