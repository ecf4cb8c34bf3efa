import { PlusOutlined } from '@ant-design/icons';
import type { Tag as TeamTag } from '@shortlist/contract';
import { App, Button, Flex, Select, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTags } from '../reviews/use-tags';
import { useCurrentTeam } from '../teams/team-context';
import './resources';

interface ObjectTagsEditorProps {
  value: TeamTag[];
  /** Saves the entry's full list of tag ids; a rejection rolls the change back. */
  onChange: (ids: number[]) => Promise<unknown>;
}

/** The tags of one list entry: removable chips and a picker of the team's other tags, saved at once. */
export function ObjectTagsEditor({ value, onChange }: ObjectTagsEditorProps) {
  const { t } = useTranslation('tags');
  const { message } = App.useApp();
  const team = useCurrentTeam();
  const [ids, setIds] = useState(() => value.map((tag) => tag.id));
  const [isPicking, setIsPicking] = useState(false);
  const tags = useTags(team.id, isPicking || value.length > 0);
  const valueKey = value.map((tag) => tag.id).join(',');

  useEffect(() => setIds(valueKey ? valueKey.split(',').map(Number) : []), [valueKey]);

  const nameOf = (id: number) =>
    tags.data?.find((tag) => tag.id === id)?.name ?? value.find((tag) => tag.id === id)?.name ?? '';

  const save = (next: number[]) => {
    const previous = ids;
    setIds(next);
    onChange(next).catch(() => {
      setIds(previous);
      void message.error(t('saveFailed'));
    });
  };

  const options = (tags.data ?? [])
    .filter((tag) => !ids.includes(tag.id))
    .map((tag) => ({ value: tag.id, label: tag.name }));

  return (
    <Flex wrap gap={4} align="center" data-testid="object-tags">
      {ids.map((id) => (
        <Tag
          key={id}
          closable={{ 'aria-label': t('remove', { name: nameOf(id) }) }}
          style={{ marginInlineEnd: 0 }}
          onClose={(event) => {
            event.preventDefault();
            save(ids.filter((other) => other !== id));
          }}
        >
          {nameOf(id)}
        </Tag>
      ))}
      {isPicking ? (
        <Select
          size="small"
          autoFocus
          defaultOpen
          style={{ minWidth: 140 }}
          placeholder={t('choose')}
          aria-label={t('choose')}
          loading={tags.isLoading}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(id: number) => {
            setIsPicking(false);
            save([...ids, id]);
          }}
          onBlur={() => setIsPicking(false)}
          data-testid="object-tags-select"
        />
      ) : (
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          aria-label={t('add')}
          onClick={() => setIsPicking(true)}
          data-testid="object-tags-add"
        />
      )}
    </Flex>
  );
}
