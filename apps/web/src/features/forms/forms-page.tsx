import { CopyOutlined, EditOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { FORMS_PAGE_SIZE, type IntakeFormSummary } from '@shortlist/contract';
import { App, Button, Col, Empty, Row, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PagedTable, usePageParam } from '../../lib/layout/paged-table';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyDialog } from '../../lib/lazy-dialog';
import { useCreateQuery } from '../../lib/use-create-query';
import { ObjectTagsEditor } from '../tags/object-tags-editor';
import { TagFilterPanel } from '../tags/tag-filter-panel';
import { useTagFilter } from '../tags/use-tag-filter';
import { useCurrentTeam } from '../teams/team-context';
import { useFormListMutations, useForms } from './use-forms';
import './resources';
import '../reviews/resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const TagsManagerDialog = lazyDialog(
  () => import('../reviews/tags-manager-dialog').then((m) => m.TagsManagerDialog),
  (props) => props.open,
);
const CreateFormDialog = lazyDialog(
  () => import('./create-form-dialog').then((m) => m.CreateFormDialog),
  (props) => props.isOpen,
);

const DUPLICATED_SECONDS = 8;

/** `/team/:teamId/forms`: the team's forms, filtered by tag in the side panel, 10 a page. */
export function FormsPage() {
  const { t } = useTranslation('forms');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const team = useCurrentTeam();
  const [page, setPage] = usePageParam();
  const tagFilter = useTagFilter();
  const forms = useForms(team.id, page, tagFilter.tagsQuery);
  const mutations = useFormListMutations(team.id);
  const creation = useCreateQuery();
  const [isManagingTags, setManagingTags] = useState(false);
  useDocumentTitle(t('title'));

  const formPath = (id: number) => `/team/${team.id}/intake-forms/${id}`;
  const handleDuplicate = (id: number) =>
    mutations.duplicate.mutate(id, {
      onSuccess: (copy) =>
        void message.success({
          duration: DUPLICATED_SECONDS,
          content: (
            <span data-testid="duplicated-toast">
              {t('duplicated')}{' '}
              {/* The toasts render outside the router: the link navigates through this page's hook. */}
              <Typography.Link
                href={formPath(copy.id)}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(formPath(copy.id));
                }}
              >
                {t('openCopy')}
              </Typography.Link>
            </span>
          ),
        }),
      onError: () => void message.error(t('duplicateFailed')),
    });

  const columns: TableColumnsType<IntakeFormSummary> = [
    {
      key: 'title',
      title: t('general.name'),
      render: (_, form) => (
        <Space wrap>
          <Link to={formPath(form.id)} data-testid="form-title">
            {form.title || t('untitled')}
          </Link>
          <Tag color={form.published ? 'green' : 'default'}>
            {form.published ? t('published') : t('private')}
          </Tag>
        </Space>
      ),
    },
    {
      key: 'tags',
      render: (_, form) => (
        <ObjectTagsEditor
          value={form.tags}
          onChange={(tags) => mutations.setTags.mutateAsync({ id: form.id, tags })}
        />
      ),
    },
    {
      key: 'actions',
      width: 100,
      render: (_, form) => (
        <Space size={4}>
          <Button
            size="small"
            icon={<CopyOutlined />}
            aria-label={t('duplicate')}
            title={t('duplicate')}
            loading={mutations.duplicate.isPending && mutations.duplicate.variables === form.id}
            onClick={() => handleDuplicate(form.id)}
            data-testid={`duplicate-form-${form.id}`}
          />
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('edit')}
            title={t('edit')}
            onClick={() => navigate(formPath(form.id))}
          />
        </Space>
      ),
    },
  ];

  const emptyText = tagFilter.tagIds.length ? (
    <Empty description={t('emptyFiltered')}>
      <Button type="link" onClick={tagFilter.clear}>
        {t('resetFilters')}
      </Button>
    </Empty>
  ) : (
    <Empty description={t('empty')} />
  );

  return (
    <div className="sl-page">
      <div className="sl-page-header">
        <div>
          <Typography.Title level={2}>{t('title')}</Typography.Title>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={creation.open} data-testid="create-form">
          {t('create')}
        </Button>
      </div>
      <Row gutter={[24, 16]}>
        <Col xs={24} md={6}>
          <Button
            icon={<TagsOutlined />}
            onClick={() => setManagingTags(true)}
            style={{ marginBottom: 16 }}
            data-testid="manage-tags"
          >
            {t('tags.manage', { ns: 'reviews' })}
          </Button>
          <TagFilterPanel />
        </Col>
        <Col xs={24} md={18}>
          <PagedTable<IntakeFormSummary>
            rowKey="id"
            columns={columns}
            showHeader={false}
            query={forms}
            page={page}
            onPageChange={setPage}
            pageSize={FORMS_PAGE_SIZE}
            emptyText={emptyText}
            data-testid="forms-table"
          />
        </Col>
      </Row>
      <TagsManagerDialog teamId={team.id} open={isManagingTags} onClose={() => setManagingTags(false)} />
      <CreateFormDialog
        teamId={team.id}
        isOpen={creation.isCreating}
        onClose={creation.close}
        onCreated={(form) => navigate(formPath(form.id))}
      />
    </div>
  );
}
