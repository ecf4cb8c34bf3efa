import { QuestionCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { type AgreementQuery, inconsistentJudges, type ReportUser } from '@shortlist/contract';
import { Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/i18n/format';
import { useAgreement } from './use-agreement';
import './resources';

const signed = (value: number, language: string) => `${value > 0 ? '+' : ''}${formatNumber(value, language)}`;

/** The judges table's leniency and consistency columns, a judge far below the others flagged. */
export function useAgreementColumns(
  issueId: number,
  enabled: boolean,
  query: AgreementQuery,
): TableColumnsType<ReportUser> {
  const { t, i18n } = useTranslation('agreement');
  const agreement = useAgreement(issueId, enabled, query);
  if (!enabled || !agreement.data) return [];
  const figures = new Map(agreement.data.judges.map((judge) => [judge.user, judge]));
  const flagged = inconsistentJudges(agreement.data.judges);
  const title = (text: string, help: string) => (
    <Space size={4}>
      {text}
      <Tooltip title={help}>
        <QuestionCircleOutlined aria-label={help} />
      </Tooltip>
    </Space>
  );
  return [
    {
      key: 'leniency',
      title: title(t('leniency'), t('leniencyHelp')),
      render: (_, user) => {
        const leniency = figures.get(user.id)?.leniency ?? null;
        return (
          <span data-testid="judge-leniency">
            {leniency === null ? '—' : signed(leniency, i18n.language)}
          </span>
        );
      },
    },
    {
      key: 'consistency',
      title: title(t('consistency'), t('consistencyHelp')),
      render: (_, user) => {
        const consistency = figures.get(user.id)?.consistency ?? null;
        return (
          <Space size={4} wrap>
            <span data-testid="judge-consistency">
              {consistency === null ? '—' : formatNumber(consistency, i18n.language)}
            </span>
            {flagged.has(user.id) && (
              <Tooltip title={t('inconsistentHelp')}>
                <Tag color="warning" icon={<WarningOutlined />} data-testid="judge-inconsistent">
                  {t('inconsistent')}
                </Tag>
              </Tooltip>
            )}
          </Space>
        );
      },
    },
  ];
}
