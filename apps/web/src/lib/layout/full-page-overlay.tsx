import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

interface FullPageOverlayProps {
  isOpen: boolean;
  onClose: () => void;
  /** Accessible name of the overlay. */
  title: string;
  children: ReactNode;
}

/** Covers the whole page with embedded content (a preview, a rendered e-mail); Esc or the button closes it. */
export function FullPageOverlay({ isOpen, onClose, title, children }: FullPageOverlayProps) {
  const { t } = useTranslation();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      window.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  if (!isOpen) return null;
  return createPortal(
    <div className="sl-overlay" role="dialog" aria-modal="true" aria-label={title}>
      <Button
        className="sl-overlay-close"
        shape="circle"
        size="large"
        icon={<CloseOutlined />}
        aria-label={t('overlay.close')}
        onClick={onClose}
        autoFocus
      />
      <div className="sl-overlay-body">{children}</div>
    </div>,
    document.body,
  );
}
