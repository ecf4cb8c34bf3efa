import type { AffinitySource } from '@shortlist/contract';
import { Alert, App, Button, Card, Flex, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorDetail, getFieldErrors } from '../../lib/api-errors';
import { useAssignmentMutations } from './use-assignment';
import './resources';

/**
 * Step 2: where affinities come from. The text by default; or a CSV of scores computed elsewhere, read
 * in the browser and sent as text (the server checks each line and names the first ones refused).
 */
export function AffinityCard({ issueId, source }: { issueId: number; source: AffinitySource | null }) {
  const { t } = useTranslation('assignment');
  const { message } = App.useApp();
  const { upload, clear } = useAssignmentMutations(issueId);
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  // The last run's source until the admin uploads or clears here.
  const [changed, setChanged] = useState<AffinitySource | null>(null);
  const shown = changed ?? source;

  const send = async (file: File) => {
    setProblems([]);
    upload.mutate(await file.text(), {
      onSuccess: (result) => {
        setChanged(result.source);
        void message.success(t('affinity.read', { count: result.pairs }));
      },
      onError: (error) => {
        const fields = getFieldErrors(error);
        setProblems(fields ? Object.values(fields).flat() : [getErrorDetail(error) ?? '']);
      },
    });
  };

  return (
    <Card title={t('affinity.title')} data-testid="assign-affinity">
      <Flex vertical gap={12}>
        <Typography.Text data-testid="assign-affinity-source">
          {shown === 'uploaded' ? t('affinity.uploaded') : t('affinity.text')}
        </Typography.Text>
        <Typography.Text type="secondary" id="affinity-help">
          {t('affinity.help')}
        </Typography.Text>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send(file);
          }}
          data-testid="assign-affinity-file"
        />
        <Flex gap={8} wrap>
          <Button
            onClick={() => input.current?.click()}
            loading={upload.isPending}
            aria-describedby="affinity-help"
            data-testid="assign-affinity-upload"
          >
            {t('affinity.upload')}
          </Button>
          {shown === 'uploaded' && (
            <Button
              loading={clear.isPending}
              onClick={() =>
                clear.mutate(undefined, {
                  onSuccess: () => {
                    setChanged('text');
                    void message.success(t('affinity.cleared'));
                  },
                })
              }
              data-testid="assign-affinity-clear"
            >
              {t('affinity.clear')}
            </Button>
          )}
        </Flex>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={t('affinity.failed')}
            description={
              <ul className="sl-assign-problems">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            }
            data-testid="assign-affinity-problems"
          />
        )}
      </Flex>
    </Card>
  );
}
