import type { Dataset } from '@shortlist/contract';
import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/i18n/format';
import { VerificationTag } from '../auth/verification-tag';
import { contactAddressOf } from './format';
import './resources';
import { issueManagePath } from '../selections/issue-paths';

/** Pixels an e-mail address takes in a table before it is cut. */
const EMAIL_DISPLAY_WIDTH = 240;

/**
 * When an item came through a form, its e-mail (the contact e-mail, else the respondent's), and whether it
 * is still a draft.
 */
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
      // The address mass e-mail uses: an imported item's contact e-mail, a respondent's otherwise.
      key: 'email',
      title: t('columns.email'),
      render: (_, item) => {
        const address = contactAddressOf(item);
        if (!address) return '—';
        const status = item.contact_email === null ? item.submission?.email_verification_status : undefined;
        return (
          <Flex align="center" gap={4}>
            {/* A long address is cut, whole on hover: the table's default columns fit 1366 px. */}
            <Typography.Text ellipsis={{ tooltip: address }} style={{ maxWidth: EMAIL_DISPLAY_WIDTH }}>
              {address}
            </Typography.Text>
            {status && <VerificationTag status={status} />}
          </Flex>
        );
      },
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
          <Link to={issueManagePath(teamId, issue.id)}>{issue.title}</Link>
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
