import type { Team, TeamPackage } from '@shortlist/contract';
import { App, Button, Drawer, Form, InputNumber, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorDetail, getFieldErrors, joinFieldMessages } from '../../lib/api-errors';
import { getLimitRange, PACKAGE_FLAGS, PACKAGE_LIMITS } from './package-fields';
import { usePatchTeamPackage } from './use-site-teams';

const FORM_ID = 'team-package-form';

/** Superusers change what a team's package allows. */
export function TeamPackageDrawer({ team, onClose }: { team: Team; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TeamPackage>();
  const patch = usePatchTeamPackage(team.id);

  useEffect(() => {
    form.setFieldsValue(team.package);
  }, [form, team.package]);

  const handleFinish = (values: TeamPackage) =>
    patch.mutate(values, {
      onSuccess: () => {
        void message.success(t('common.saved'));
        onClose();
      },
      onError: (error) => {
        const errors = getFieldErrors(error);
        void message.error(errors ? joinFieldMessages(errors) : (getErrorDetail(error) ?? t('common.error')));
      },
    });

  return (
    <Drawer
      open
      onClose={onClose}
      title={t('admin.editPackageOf', { team: team.title })}
      size={420}
      footer={
        <Space className="sl-drawer-footer">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" form={FORM_ID} loading={patch.isPending}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form<TeamPackage>
        id={FORM_ID}
        form={form}
        layout="horizontal"
        labelCol={{ span: 14 }}
        onFinish={handleFinish}
      >
        {PACKAGE_FLAGS.map((flag) => (
          <Form.Item key={flag} name={flag} label={t(`admin.packageFields.${flag}`)} valuePropName="checked">
            <Switch />
          </Form.Item>
        ))}
        {PACKAGE_LIMITS.map((field) => {
          const { min, max } = getLimitRange(field);
          return (
            <Form.Item
              key={field}
              name={field}
              label={t(`admin.packageFields.${field}`)}
              rules={[
                { required: true, type: 'integer', min, max, message: t('admin.numberRange', { min, max }) },
              ]}
            >
              <InputNumber min={min} max={max} precision={0} />
            </Form.Item>
          );
        })}
      </Form>
    </Drawer>
  );
}
