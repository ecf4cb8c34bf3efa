import { DeleteOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

interface ConfirmDeleteButtonProps {
  /** What the icon button deletes, for screen readers. */
  label: string;
  onConfirm: () => unknown;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
}

/** A delete icon button that asks 'Are you sure? This action cannot be undone.' first. */
export function ConfirmDeleteButton({ label, onConfirm, type, size }: ConfirmDeleteButtonProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('common.confirmDelete')}
      okText={t('common.yes')}
      cancelText={t('common.no')}
      onConfirm={onConfirm}
    >
      <Button type={type} size={size} danger icon={<DeleteOutlined />} aria-label={label} />
    </Popconfirm>
  );
}
