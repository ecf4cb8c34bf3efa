import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { useLanguage } from './i18n/use-language';
import { queryClient } from './query-client';
import { router } from './router';

/**
 * Ant Design's secondary and description texts (45 % black) and its link blue on grey fall below
 * WCAG AA's 4.5:1; these keep every text at 4.5:1 or more on white and on the page's grey.
 */
const THEME = {
  token: {
    colorPrimary: '#1668dc',
    colorLink: '#0b57c4',
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 8,
  },
};

/** Ant Design follows the interface language (dates, pagination, empty texts…). */
function LocalizedAntd({ children }: { children: ReactNode }) {
  const [language] = useLanguage();
  return (
    <ConfigProvider locale={language === 'fr' ? frFR : enUS} theme={THEME}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LocalizedAntd>
        <RouterProvider router={router} />
      </LocalizedAntd>
    </QueryClientProvider>
  );
}
