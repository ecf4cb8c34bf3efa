import type { Dataset, IntakeForm } from '@shortlist/contract';
import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportItemsButton } from '../item-types/export-items-button';
import { formatDateTime } from '../items/format';
import { ItemsTable } from '../items/items-table';
import { useCurrentTeam } from '../teams/team-context';

/** The responses tab: the items the form collected, with who sent them, when, their state and files. */
export function ResponsesTab({ form }: { form: IntakeForm }) {
  const { t, i18n } = useTranslation('forms');
  const team = useCurrentTeam();
  const columns: TableColumnsType<Dataset> = [
    {
      key: 'submission_email',
      title: t('responses.email'),
      render: (_, item) => item.submission?.email ?? '—',
    },
    {
      key: 'submission_date',
      title: t('responses.submittedAt'),
      render: (_, item) =>
        item.submission ? formatDateTime(item.submission.create_time, i18n.language) : '—',
    },
    {
      key: 'submission_state',
      title: t('responses.state'),
      render: (_, item) =>
        item.submission && (
          <Tag color={item.submission.is_submitted ? 'green' : 'default'}>
            {item.submission.is_submitted ? t('responses.submitted') : t('responses.draft')}
          </Tag>
        ),
    },
    {
      key: 'files',
      title: t('responses.files'),
      render: (_, item) => (
        <Flex vertical>
          {item.datum_values
            .filter((value) => value.file_url_signed)
            .map((value) => (
              <Typography.Link
                key={value.id}
                href={value.file_url_signed ?? undefined}
                target="_blank"
                rel="noreferrer"
              >
                {value.filename}
              </Typography.Link>
            ))}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Flex justify="end">
        <ExportItemsButton itemTypeId={form.data_model_id} title={form.title} />
      </Flex>
      <ItemsTable teamId={team.id} dataModelId={form.data_model_id} extraColumns={columns} />
    </Flex>
  );
}
