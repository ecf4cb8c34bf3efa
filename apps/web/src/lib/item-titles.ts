import { itemTitleIn } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';

/**
 * How a page names its items in the interface's language: an erased item, whose title the server
 * stores as '[erased]' (decision 85), as the reader's word for it (every table, report, drawer and log
 * that shows an item's title goes through `shown`); and the selection boxes, which Ant Design labels in
 * English ("Select all", "Select row 1"), by the row's item.
 */
export function useItemTitles() {
  const { t, i18n } = useTranslation();
  const shown = (title: string) => itemTitleIn(title, i18n.language === 'fr' ? 'fr' : 'en');
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
