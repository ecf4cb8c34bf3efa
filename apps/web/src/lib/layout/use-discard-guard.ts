import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Unsaved changes in an edit dialog: pass `markDirty` as its Form's `onValuesChange` (called for the
 * person's edits only, not for `setFieldsValue` — antd's `isFieldsTouched` counts those too) and `close` as
 * the Modal's `onCancel`. With changes, Escape, the close button, a click on the mask or Cancel then ask
 * before discarding them; "Keep editing" (focused, so Enter and Escape keep too) leaves the dialog as it
 * was. Each opening starts clean.
 */
export function useDiscardGuard(isOpen: boolean, onClose: () => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const isDirty = useRef(false);
  const isAsking = useRef(false);

  useEffect(() => {
    if (isOpen) isDirty.current = false;
  }, [isOpen]);

  const close = () => {
    if (!isDirty.current) {
      onClose();
      return;
    }
    // A second Escape while the question is open must not stack another one.
    if (isAsking.current) return;
    isAsking.current = true;
    modal.confirm({
      title: t('discard.title'),
      content: t('discard.content'),
      okText: t('discard.discard'),
      cancelText: t('discard.keepEditing'),
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: onClose,
      afterClose: () => {
        isAsking.current = false;
      },
    });
  };
  const markDirty = () => {
    isDirty.current = true;
  };
  return { close, markDirty };
}
