import { MergeCellsOutlined, PlusOutlined, TagsOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Card, Divider, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { lazyDialog } from '../../lib/lazy-dialog';
import { TagFilterPanel } from '../tags/tag-filter-panel';
import { useCurrentTeam } from '../teams/team-context';
import '../reviews/resources';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const TagsManagerDialog = lazyDialog(
  () => import('../reviews/tags-manager-dialog').then((m) => m.TagsManagerDialog),
  (props) => props.open,
);

/** The list's left panel: create, merge (with the package), review statuses, tags and the tag filter. */
export function IssuesSidePanel({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('selections');
  const team = useCurrentTeam();
  const navigate = useNavigate();
  const [isManagingTags, setManagingTags] = useState(false);
  return (
    <Card size="small">
      <Flex vertical gap={8}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} block data-testid="create-issue">
          {t('panel.create')}
        </Button>
        {team.package.can_merge_issues && (
          <Button
            icon={<MergeCellsOutlined />}
            onClick={() => navigate(`/team/${team.id}/issues?tab=merges&merge=new`)}
            block
            data-testid="merge-issues"
          >
            {t('panel.merge')}
          </Button>
        )}
        <Link to={`/team/${team.id}/issues/review-statuses`}>
          <Button icon={<UnorderedListOutlined />} block>
            {t('panel.reviewStatuses')}
          </Button>
        </Link>
        <Button icon={<TagsOutlined />} onClick={() => setManagingTags(true)} block data-testid="manage-tags">
          {t('tags.manage', { ns: 'reviews' })}
        </Button>
        <Divider style={{ margin: '8px 0' }} />
        <TagFilterPanel />
      </Flex>
      <TagsManagerDialog teamId={team.id} open={isManagingTags} onClose={() => setManagingTags(false)} />
    </Card>
  );
}
