import { Form, type FormInstance, type FormProps, Modal, type ModalProps } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from './use-discard-guard';

type FormDialogProps<V> = Omit<ModalProps, 'open' | 'onCancel' | 'onOk' | 'children'> & {
  open: boolean;
  onClose: () => void;
  form: FormInstance<V>;
  onFinish: (values: V) => void;
  /** The save button spins while the request runs. */
  isSaving: boolean;
  /** False while what the form edits is still loading. */
  canSave?: boolean;
  formProps?: Omit<FormProps<V>, 'id' | 'name' | 'form' | 'layout' | 'onFinish'>;
  /** The form's fields. */
  children: ReactNode;
  /** Shown under the form, outside it: parts that save on their own. */
  after?: ReactNode;
};

/**
 * A dialog that edits one form: Escape, the close button, the mask and Cancel ask before discarding
 * changes (useDiscardGuard); the save button submits the form, so Enter in a field saves too; closing
 * resets the fields, so each opening starts from what the page sets. The form's id comes from useId:
 * two dialogs mounted at once (a list's and a page's) keep their fields' ids apart.
 *
 * A dialog that sets its values when it opens does so in a layout effect. A passive effect may run after
 * the dialog is painted: on a busy machine a person's first click (a selection's type) landed before it,
 * and the values it set undid the click (the selections e2e, CI of 2026-11-29).
 */
export function FormDialog<V>({
  open,
  onClose,
  form,
  onFinish,
  isSaving,
  canSave = true,
  formProps,
  children,
  after,
  afterClose,
  okButtonProps,
  ...modalProps
}: FormDialogProps<V>) {
  const { t } = useTranslation();
  const formId = `form${useId().replaceAll(':', '')}`;
  const { close, markDirty } = useDiscardGuard(open, onClose);
  const { onValuesChange, ...restFormProps } = formProps ?? {};
  return (
    <Modal
      open={open}
      onCancel={close}
      afterClose={() => {
        form.resetFields();
        afterClose?.();
      }}
      cancelText={t('common.cancel')}
      okButtonProps={{
        htmlType: 'submit',
        form: formId,
        loading: isSaving,
        disabled: !canSave,
        ...okButtonProps,
      }}
      {...modalProps}
    >
      <Form<V>
        {...restFormProps}
        id={formId}
        name={formId}
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={(changed, all) => {
          markDirty();
          onValuesChange?.(changed, all);
        }}
      >
        {children}
      </Form>
      {after}
    </Modal>
  );
}
