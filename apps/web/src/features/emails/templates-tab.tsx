import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { EMAIL_TEMPLATES_PAGE_SIZE, type EmailTemplate } from '@shortlist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Popconfirm, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../lib/layout/paged-table';
import { lazyDialog } from '../../lib/lazy-dialog';
import { toOffsetLimit } from '../../lib/paging';
import { deleteTemplate, emailKeys, fetchTemplates } from './api';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const TemplateDialog = lazyDialog(
  () => import('./template-dialog').then((m) => m.TemplateDialog),
  (props) => props.isOpen,
);

/** The team's templates, 10 a page with a search, and their create/edit dialog. */
export function TemplatesTab({ teamId }: { teamId: number }) {
  const { t } = useTranslation('emails');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<EmailTemplate | 'new' | null>(null);
  const { offset, limit } = toOffsetLimit({ page, pageSize: EMAIL_TEMPLATES_PAGE_SIZE });
  const templates = useQuery({
    queryKey: emailKeys.templates(teamId, offset, limit, search),
    queryFn: () => fetchTemplates(teamId, offset, limit, search),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: emailKeys.all }),
    onError: () => void message.error(t('templates.failed')),
  });
  const columns: TableColumnsType<EmailTemplate> = [
    { key: 'title', title: t('templates.titleLabel'), dataIndex: 'title' },
    { key: 'subject', title: t('templates.subject'), dataIndex: 'subject' },
    {
      key: 'actions',
      title: '',
      render: (_, template) => (
        <Flex gap={8} justify="end">
          <Button
            icon={<EditOutlined />}
            aria-label={t('templates.edit')}
            onClick={() => setEditing(template)}
          />
          <Popconfirm title={t('templates.deleteConfirm')} onConfirm={() => remove.mutate(template.id)}>
            <Button danger icon={<DeleteOutlined />} aria-label={t('templates.delete')} />
          </Popconfirm>
        </Flex>
      ),
    },
  ];
  return (
    <>
      <Flex justify="space-between" gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('templates.search')}
          aria-label={t('templates.search')}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
          style={{ maxWidth: 320 }}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          data-testid="template-add"
        >
          {t('templates.add')}
        </Button>
      </Flex>
      <PagedTable<EmailTemplate>
        query={templates}
        page={page}
        onPageChange={setPage}
        pageSize={limit}
        emptyText={t('templates.empty')}
        rowKey="id"
        columns={columns}
        scroll={{ x: true }}
      />
      <TemplateDialog
        teamId={teamId}
        template={editing === 'new' ? null : editing}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
