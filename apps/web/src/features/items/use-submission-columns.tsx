import type { Dataset } from '@shortlist/contract';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/i18n/format';
import { VerificationTag } from '../judges/judge-tags';

/** Who sent an item through a form, when, and whether it is still a draft; empty for other items. */
export function useSubmissionColumns(options: { withState: boolean }): TableColumnsType<Dataset> {
  const { t, i18n } = useTranslation('items');
  const columns: TableColumnsType<Dataset> = [
    {
      key: 'submission_date',
      title: t('columns.submissionDate'),
      render: (_, item) =>
        item.submission ? formatDateTime(item.submission.create_time, i18n.language) : '—',
    },
    {
      key: 'submission_email',
      title: t('columns.submissionEmail'),
      render: (_, item) =>
        item.submission?.email ? (
          <>
            {item.submission.email} <VerificationTag status={item.submission.email_verification_status} />
          </>
        ) : (
          '—'
        ),
    },
  ];
  if (!options.withState) return columns;
  return [
    ...columns,
    {
      key: 'submission_state',
      title: t('columns.submissionState'),
      render: (_, item) =>
        item.submission && (
          <Tag color={item.submission.is_submitted ? 'green' : 'default'}>
            {item.submission.is_submitted ? t('submitted') : t('draft')}
          </Tag>
        ),
    },
  ];
}

/** The selections an item takes part in, each linking to its manage page. */
export function useSelectionsColumn(teamId: number): TableColumnsType<Dataset>[number] {
  const { t } = useTranslation('items');
  return {
    key: 'issues',
    title: t('columns.selections'),
    render: (_, item) =>
      item.issues.map((issue) => (
        <Tag key={issue.id}>
          <Link to={`/team/${teamId}/issue/${issue.id}/manage`}>{issue.title}</Link>
        </Tag>
      )),
  };
}

/** The form whose item type the item has, linking to the form's page. */
export function useLinkedFormColumn(teamId: number): TableColumnsType<Dataset>[number] {
  const { t } = useTranslation('items');
  return {
    key: 'form',
    title: t('columns.linkedForm'),
    render: (_, item) =>
      item.form ? <Link to={`/team/${teamId}/intake-forms/${item.form.id}`}>{item.form.title}</Link> : '—',
  };
}
