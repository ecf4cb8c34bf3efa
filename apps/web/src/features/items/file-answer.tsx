import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { Dataset, DatumField, DatumValue } from '@shortlist/contract';
import { App, Button, Flex, Popconfirm, Progress, Typography } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { getFieldErrors } from '../../lib/api-errors';
import { AnswerView } from '../answers/answer-view';
import { shownAnswer } from '../answers/shown-answer';
import { type Upload, uploadDatumValueFile } from './api';
import { formatBytes } from './format';
import { useDatasetMutations } from './use-datasets';
import './resources';

type FileField = Extract<DatumField, { resourcetype: 'file' }>;

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
};

interface FileAnswerProps {
  dataset: Dataset;
  field: FileField;
  value: DatumValue | undefined;
}

/**
 * The file of a file answer: upload with progress and cancel, checked for size here and for
 * size and type (by content) on the server; removal asks first.
 */
export function FileAnswer({ dataset, field, value }: FileAnswerProps) {
  const { t, i18n } = useTranslation('items');
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<Upload | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { createValue, removeValue, refresh } = useDatasetMutations();

  const failureMessage = (error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') return t('value.uploadCancelled');
    if (error instanceof ApiError && error.status === 413) return t('value.fileTooBig');
    const fieldMessages = getFieldErrors(error)?.[String(field.id)];
    return fieldMessages?.join('\n') ?? t('value.uploadFailed');
  };

  const send = async (file: File) => {
    setProgress(0);
    try {
      const target =
        value ??
        (await createValue.mutateAsync({
          data_set: dataset.id,
          datum_field: field.id,
          resourcetype: 'file',
          file: null,
        }));
      upload.current = uploadDatumValueFile(target.id, file, setProgress);
      await upload.current.promise;
      void message.success(t('value.uploaded'));
    } catch (error) {
      void message.error(failureMessage(error), 6);
    } finally {
      upload.current = null;
      setProgress(null);
      void refresh();
    }
  };

  const handleChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > field.max_size_bytes) {
      void message.error(t('value.fileTooBig'));
      return;
    }
    void send(file);
  };

  const handleRemove = () =>
    value &&
    removeValue.mutate(value.id, {
      onSuccess: () => void message.success(t('common.deleted', { ns: 'translation' })),
      onError: () => void message.error(t('common.error', { ns: 'translation' })),
    });

  const types = field.mime_types.map((type) => TYPE_NAMES[type] ?? type).join(', ');
  const hasFile = Boolean(value?.file);

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" data-testid="current-file">
        <AnswerView answer={shownAnswer(value, field)} isCompact />
        {hasFile && (
          <Popconfirm
            title={t('value.removeFileConfirm')}
            onConfirm={handleRemove}
            okText={t('value.removeFile')}
            cancelText={t('common.cancel', { ns: 'translation' })}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('value.removeFile')}
              title={t('value.removeFile')}
              loading={removeValue.isPending}
            />
          </Popconfirm>
        )}
      </Flex>
      <input
        ref={input}
        type="file"
        hidden
        accept={field.mime_types.join(',')}
        onChange={handleChoose}
        data-testid="file-input"
      />
      {progress === null ? (
        <Button
          icon={<UploadOutlined />}
          onClick={() => input.current?.click()}
          style={{ alignSelf: 'start' }}
        >
          {t('value.upload')}
        </Button>
      ) : (
        <Flex gap={8} align="center">
          <Progress
            percent={progress}
            size="small"
            style={{ flex: 1 }}
            aria-label={t('value.uploading', { percent: progress })}
          />
          <Button size="small" onClick={() => upload.current?.cancel()}>
            {t('value.cancelUpload')}
          </Button>
        </Flex>
      )}
      <Typography.Text type="secondary">
        {t('value.accepted', { types, size: formatBytes(field.max_size_bytes, i18n.language) })}
      </Typography.Text>
    </Flex>
  );
}
