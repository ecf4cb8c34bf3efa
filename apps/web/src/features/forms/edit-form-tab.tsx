import type { IntakeForm } from '@shortlist/contract';
import { Divider, Flex } from 'antd';
import { useCurrentTeam } from '../teams/team-context';
import { GeneralSettings } from './general-settings';
import { QuestionsSection } from './questions-section';
import { TitleFieldSelect } from './title-field-select';
import { useFormMutations } from './use-form';

/** The editForm tab: general settings, the response title, then the questions and sections. */
export function EditFormTab({ form }: { form: IntakeForm }) {
  const team = useCurrentTeam();
  const mutations = useFormMutations(team.id, form);
  return (
    <Flex vertical gap={8} style={{ maxWidth: 900 }}>
      <GeneralSettings form={form} mutations={mutations} />
      <Divider />
      <TitleFieldSelect form={form} mutations={mutations} />
      <QuestionsSection form={form} mutations={mutations} />
    </Flex>
  );
}
