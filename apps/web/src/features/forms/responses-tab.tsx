import type { Dataset, IntakeForm } from '@shortlist/contract';
import { Flex, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AnswerView } from '../answers/answer-view';
import { shownAnswer } from '../answers/shown-answer';
import { ExportItemsButton } from '../item-types/export-items-button';
import { ItemsTable } from '../items/items-table';
import { useSubmissionColumns } from '../items/use-submission-columns';
import { useCurrentTeam } from '../teams/team-context';
import './resources';

/** The responses tab: the items the form collected, with who sent them, when, their state and files. */
export function ResponsesTab({ form }: { form: IntakeForm }) {
  const { t } = useTranslation('forms');
  const team = useCurrentTeam();
  const submissionColumns = useSubmissionColumns({ withState: true });
  const columns: TableColumnsType<Dataset> = [
    ...submissionColumns,
    {
      key: 'files',
      title: t('responses.files'),
      render: (_, item) => (
        <Flex vertical>
          {item.datum_values
            .filter((value) => value.file_url_signed)
            .map((value) => (
              <AnswerView key={value.id} answer={shownAnswer(value)} isCompact />
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
      <ItemsTable
        tableKey={`form-${form.id}`}
        teamId={team.id}
        dataModelId={form.data_model_id}
        extraColumns={columns}
      />
    </Flex>
  );
}
