import { App } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The close handler of an edit dialog: with unsaved changes (`isDirty()`), Escape, the close button, a click
 * on the mask or Cancel ask before discarding them; "Keep editing" (focused, so Enter and Escape keep too)
 * leaves the dialog as it was. Pass the result as the Modal's `onCancel`.
 */
export function useDiscardGuard(isDirty: () => boolean, onClose: () => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const isAsking = useRef(false);
  return () => {
    if (!isDirty()) {
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
}
