import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../app/i18n/reports-resources';

const COLORS: Record<string, string> = { ver: 'green', pen: 'gold', pro: 'gold', inv: 'red' };

/** A judge's e-mail verification status; 'unc' (not concerned) shows nothing. */
export function VerificationTag({ status }: { status: string }) {
  const { t } = useTranslation('reports');
  const color = COLORS[status];
  if (!color) return null;
  return <Tag color={color}>{t(`verification.${status as 'ver'}`)}</Tag>;
}
