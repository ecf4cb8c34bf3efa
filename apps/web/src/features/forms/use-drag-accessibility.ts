import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import './resources';

/** What a screen reader hears while questions are reordered: their labels, in the page's language. */
export function useDragAccessibility(labelOf: (id: UniqueIdentifier) => string) {
  const { t } = useTranslation('forms');
  const position = (over: { id: UniqueIdentifier } | null) => (over ? labelOf(over.id) : '');
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('drag.pickedUp', { label: labelOf(active.id) }),
    onDragOver: ({ active, over }) =>
      t('drag.movedOver', { label: labelOf(active.id), over: position(over) }),
    onDragEnd: ({ active, over }) => t('drag.dropped', { label: labelOf(active.id), over: position(over) }),
    onDragCancel: ({ active }) => t('drag.cancelled', { label: labelOf(active.id) }),
  };
  const screenReaderInstructions: ScreenReaderInstructions = { draggable: t('drag.instructions') };
  return { announcements, screenReaderInstructions };
}
