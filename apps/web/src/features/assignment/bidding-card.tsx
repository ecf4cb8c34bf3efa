import { App, Button, Card, Flex, Input, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../lib/layout/load-error';
import { fromLocalInput, toLocalInput } from '../selections/issue-form-values';
import { useAssignmentMutations, useBidding } from './use-assignment';
import './resources';

/** Step 1: how far the judges' bidding has got, its deadline, and a reminder to those who have not bid. */
export function BiddingCard({ issueId }: { issueId: number }) {
  const { t } = useTranslation('assignment');
  const { message } = App.useApp();
  const bidding = useBidding(issueId);
  const { saveDeadline, remind } = useAssignmentMutations(issueId);
  const [typed, setTyped] = useState<string | null>(null);
  const data = bidding.data;
  const deadline = typed ?? toLocalInput(data?.deadline ?? null);

  return (
    <Card title={t('bidding.title')} data-testid="assign-bidding">
      {bidding.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !data ? (
        <LoadError onRetry={() => void bidding.refetch()} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text data-testid="assign-bidding-progress">
            <strong>{data.open ? t('bidding.open') : t('bidding.closed')}</strong>{' '}
            {t('bidding.progress', {
              count: data.nb_judges,
              withBids: data.nb_judges_with_bids,
              bids: data.nb_bids,
            })}
          </Typography.Text>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              saveDeadline.mutate(fromLocalInput(deadline), {
                onSuccess: () => {
                  setTyped(null);
                  void message.success(t('bidding.saved'));
                },
                onError: () => void message.error(t('bidding.failed')),
              });
            }}
          >
            <Flex vertical gap={4}>
              <label htmlFor="bidding-deadline">{t('bidding.deadline')}</label>
              <Flex gap={8} wrap>
                <Input
                  id="bidding-deadline"
                  type="datetime-local"
                  value={deadline}
                  onChange={(event) => setTyped(event.target.value)}
                  aria-describedby="bidding-deadline-help"
                  style={{ maxWidth: 260 }}
                  data-testid="assign-bidding-deadline"
                />
                <Button htmlType="submit" loading={saveDeadline.isPending} data-testid="assign-bidding-save">
                  {t('bidding.save')}
                </Button>
              </Flex>
              <Typography.Text type="secondary" id="bidding-deadline-help">
                {t('bidding.deadlineHelp')}
              </Typography.Text>
            </Flex>
          </form>
          <div>
            <Button
              loading={remind.isPending}
              onClick={() =>
                remind.mutate(undefined, {
                  onSuccess: (result) => void message.success(t('bidding.reminded', { count: result.sent })),
                  onError: () => void message.error(t('bidding.remindFailed')),
                })
              }
              data-testid="assign-bidding-remind"
            >
              {t('bidding.remind')}
            </Button>
          </div>
        </Flex>
      )}
    </Card>
  );
}
