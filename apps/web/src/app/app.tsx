import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { useLanguage } from './i18n/use-language';
import { queryClient } from './query-client';
import { router } from './router';

const THEME = { token: { colorPrimary: '#1668dc', borderRadius: 8 } };

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
