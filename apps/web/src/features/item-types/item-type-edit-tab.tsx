import { DeleteOutlined } from '@ant-design/icons';
import { ITEM_TYPE_TITLE_MAX_LENGTH, type ItemType } from '@shortlist/contract';
import { Alert, App, Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useCurrentTeam } from '../teams/team-context';
import { FieldsSection } from './fields-section';
import { useItemTypeMutations } from './use-item-type';
import { useShowSaveError } from './use-save-error';
import './resources';

/** Past this many fields, the items list needs sideways scrolling (spec: editor). */
const SCROLL_WARNING_FIELDS = 7;

/** The editor's edit tab: the title, the fields, and the deletion of an unused type. */
export function ItemTypeEditTab({ itemType }: { itemType: ItemType }) {
  const { t } = useTranslation('itemTypes');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const team = useCurrentTeam();
  const mutations = useItemTypeMutations(team.id, itemType.id);
  const showSaveError = useShowSaveError();
  const isLinked = itemType.form !== null || itemType.issues.length > 0;
  const listPath = `/team/${team.id}/item-types`;

  const handleRename = (value: string) => {
    const title = value.trim();
    if (!title || title === itemType.title) return;
    mutations.rename.mutate(title, {
      onSuccess: () => void message.success(tc('common.saved')),
      onError: showSaveError,
    });
  };

  const handleDelete = () =>
    mutations.remove.mutate(undefined, {
      onSuccess: () => {
        void message.success(tc('common.deleted'));
        navigate(listPath, { replace: true });
      },
      onError: (error) => {
        const body = error instanceof ApiError ? (error.body as { nb_datasets?: number }) : null;
        if (error instanceof ApiError && error.code === 'HAS_DATASETS') {
          void message.error(t('hasDatasets', { count: body?.nb_datasets ?? 0 }));
        } else void message.error(tc('common.error'));
      },
    });

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <div className="sl-page-header">
        <Typography.Title
          level={2}
          editable={{
            onChange: handleRename,
            maxLength: ITEM_TYPE_TITLE_MAX_LENGTH,
            tooltip: t('editTitle'),
            text: itemType.title,
          }}
          data-testid="item-type-title"
        >
          {itemType.label || t('untitled')}
        </Typography.Title>
        {!isLinked && (
          <Popconfirm
            title={tc('common.confirmDelete')}
            okText={tc('common.yes')}
            cancelText={tc('common.no')}
            onConfirm={handleDelete}
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={mutations.remove.isPending}
              data-testid="delete-item-type"
            >
              {t('deleteType')}
            </Button>
          </Popconfirm>
        )}
      </div>
      {itemType.datum_fields.length > SCROLL_WARNING_FIELDS && (
        <Alert type="warning" showIcon title={t('scrollWarning')} data-testid="scroll-warning" />
      )}
      <FieldsSection
        itemType={itemType}
        canUseBudget={team.package.datum_field_custom_type_budget}
        mutations={mutations}
      />
    </Space>
  );
}
