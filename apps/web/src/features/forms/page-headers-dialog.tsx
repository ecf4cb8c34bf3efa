import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import {
  PAGE_HEADER_HTML_MAX_LENGTH,
  PAGE_HEADER_TITLE_MAX_LENGTH,
  type PageHeader,
} from '@shortlist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, List, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../lib/api-errors';
import { createPageHeader, deletePageHeader, formKeys, updatePageHeader } from './api';
import { useFormOptions } from './use-form-options';
import './resources';

const FORM_ID = 'page-header-form';
type HeaderValues = Pick<PageHeader, 'title' | 'html'>;

/** The team's page headers: a list to edit or delete, and a form to add one or change the chosen one. */
export function PageHeadersDialog({
  teamId,
  isOpen,
  onClose,
}: {
  teamId: number;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { pageHeaders } = useFormOptions(teamId);
  const [editing, setEditing] = useState<PageHeader | null>(null);
  const [form] = Form.useForm<HeaderValues>();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: formKeys.pageHeaders(teamId) });
  const save = useMutation({
    mutationFn: (values: HeaderValues) =>
      editing ? updatePageHeader(editing.id, values) : createPageHeader({ team: teamId, ...values }),
    onSuccess,
  });
  const remove = useMutation({ mutationFn: deletePageHeader, onSuccess });

  const startEditing = (header: PageHeader | null) => {
    setEditing(header);
    form.setFieldsValue({ title: header?.title ?? '', html: header?.html ?? '' });
  };

  const handleFinish = (values: HeaderValues) =>
    save.mutate(
      { title: values.title.trim(), html: values.html ?? '' },
      {
        onSuccess: () => {
          void message.success(tc('common.saved'));
          startEditing(null);
        },
        onError: (error) => {
          const errors = toFormErrors(error, ['title', 'html'] as const);
          if (errors) form.setFields(errors.fields);
          void message.error(tc('common.error'));
        },
      },
    );

  return (
    <Modal
      open={isOpen}
      title={t('pageHeaders.title')}
      onCancel={onClose}
      afterClose={() => startEditing(null)}
      footer={null}
      width={640}
    >
      <List
        size="small"
        loading={pageHeaders.isPending}
        dataSource={pageHeaders.data?.results ?? []}
        locale={{ emptyText: t('pageHeaders.empty') }}
        renderItem={(header) => (
          <List.Item
            actions={[
              <Button
                key="edit"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('pageHeaders.edit', { title: header.title })}
                onClick={() => startEditing(header)}
              />,
              <Popconfirm
                key="delete"
                title={tc('common.confirmDelete')}
                onConfirm={() =>
                  remove.mutate(header.id, { onError: () => void message.error(tc('common.error')) })
                }
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('pageHeaders.delete', { title: header.title })}
                />
              </Popconfirm>,
            ]}
          >
            {header.title}
          </List.Item>
        )}
      />
      <Form<HeaderValues>
        id={FORM_ID}
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          name="title"
          label={t('pageHeaders.name')}
          rules={[{ required: true, whitespace: true }, { max: PAGE_HEADER_TITLE_MAX_LENGTH }]}
        >
          <Input maxLength={PAGE_HEADER_TITLE_MAX_LENGTH} data-testid="page-header-title" />
        </Form.Item>
        <Form.Item name="html" label={t('pageHeaders.html')} extra={t('general.descriptionHint')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={PAGE_HEADER_HTML_MAX_LENGTH} />
        </Form.Item>
        <Flex gap={8} justify="end">
          {editing && <Button onClick={() => startEditing(null)}>{tc('common.cancel')}</Button>}
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="page-header-save">
            {editing ? tc('common.save') : tc('common.create')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
