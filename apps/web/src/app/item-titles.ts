import { ERASED_ITEM_TITLE } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';

/**
 * How a table names its items in the interface's language: an erased item, whose title the server
 * stores as '[erased]' (decision 85), as the reader's word for it; and the selection boxes, which Ant
 * Design labels in English ("Select all", "Select row 1"), by the row's item.
 */
export function useItemTitles() {
  const { t } = useTranslation();
  const shown = (title: string) => (title === ERASED_ITEM_TITLE ? t('common.erasedItem') : title);
  return {
    shown,
    selectionLabels: {
      getCheckboxProps: (record: { title: string }) => ({
        'aria-label': t('common.selectRow', { title: shown(record.title) }),
      }),
      getTitleCheckboxProps: () => ({ 'aria-label': t('common.selectAll') }),
    },
  };
}
