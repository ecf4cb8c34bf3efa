import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import frFR from 'antd/es/locale/fr_FR';
import type { ReactNode } from 'react';
import { useLanguage } from '../lib/i18n/use-language';

/**
 * Zooms and slides too short to see for people who ask their system for less motion (WCAG 2.3.3). Not
 * zero, nor the `motion: false` token: a dialog then never ends its closing (0 s) or skips its opening
 * steps and the `autoFocus` of its first field (the token); at 10 ms both still run.
 */
const NO_MOTION = { motionDurationFast: '0.01s', motionDurationMid: '0.01s', motionDurationSlow: '0.01s' };

/**
 * Ant Design's secondary and description texts (45 % black), its link blue on grey and its error red
 * (#ff4d4f: "Remove", danger buttons' white text, 3.3:1) fall below WCAG AA's 4.5:1; these keep every
 * text at 4.5:1 or more on white and on the page's grey (red-7, 5.6:1 on white).
 */
const THEME = {
  token: {
    colorPrimary: '#1668dc',
    colorLink: '#0b57c4',
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorError: '#cf1322',
    borderRadius: 8,
    ...(globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? NO_MOTION : {}),
  },
};

/**
 * Ant Design themed and following the interface language (dates, pagination, empty texts…): around the
 * whole admin app, and around each public page drawn with it (public pages without it never load it).
 */
export function AntdShell({ children }: { children: ReactNode }) {
  const [language] = useLanguage();
  return (
    <ConfigProvider locale={language === 'fr' ? frFR : enUS} theme={THEME}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
