import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../lib/layout/button-link';
import { useDocumentTitle } from '../../lib/layout/use-document-title';

/** `/not-found` and every unknown address. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.text')}
      extra={
        <ButtonLink type="primary" to="/">
          {t('common.backHome')}
        </ButtonLink>
      }
    />
  );
}
