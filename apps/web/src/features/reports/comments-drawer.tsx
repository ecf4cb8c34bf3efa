import type { ReportComment } from '@shortlist/contract';
import { Drawer, Empty, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './resources';

/** A judge's comments on one item, each under its question's title (or 'On the item'). */
export function CommentsDrawer({
  title,
  comments,
  onClose,
}: {
  title: string;
  comments: ReportComment[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('reports');
  return (
    <Drawer open={comments !== null} title={title} onClose={onClose} data-testid="comments-drawer">
      <List
        dataSource={comments ?? []}
        locale={{ emptyText: <Empty description={t('noComments')} /> }}
        renderItem={(comment) => (
          <List.Item>
            <List.Item.Meta
              title={
                <>
                  {comment.question_title ?? t('commentOnItem')} {comment.shared && <Tag>{t('shared')}</Tag>}
                </>
              }
              description={
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                  {comment.content}
                </Typography.Paragraph>
              }
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
