import { Button, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTags } from '../reviews/use-tags';
import { useCurrentTeam } from '../teams/team-context';
import { useTagFilter } from './use-tag-filter';
import './resources';

/** The left panel's list of team tags; clicking a tag filters the list by it, clicking it again clears. */
export function TagFilterPanel() {
  const { t } = useTranslation('tags');
  const team = useCurrentTeam();
  const tags = useTags(team.id);
  const filter = useTagFilter();

  const renderTags = () => {
    if (!tags.data) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
    if (tags.data.length === 0) return <Typography.Text type="secondary">{t('noTags')}</Typography.Text>;
    return (
      <Flex wrap gap={6}>
        {tags.data.map((tag) => (
          <Tag.CheckableTag
            key={tag.id}
            checked={filter.tagIds.includes(tag.id)}
            onChange={() => filter.toggle(tag.id)}
            data-testid={`tag-filter-${tag.id}`}
          >
            {tag.name}
          </Tag.CheckableTag>
        ))}
      </Flex>
    );
  };

  return (
    <Flex vertical gap={8} data-testid="tag-filter-panel">
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('filterTitle')}</Typography.Text>
        {filter.tagIds.length > 0 && (
          <Button type="link" size="small" onClick={filter.clear}>
            {t('clearFilter')}
          </Button>
        )}
      </Flex>
      {renderTags()}
    </Flex>
  );
}
