import { useTranslation } from 'react-i18next';

/** A public page's data on its way, announced: the plain pages' spinner. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="sl-form-loading" role="status">
      {t('common.loading')}
    </p>
  );
}
