import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface FilePreviewProps {
  /** The signed link: the file route serves PDFs and images inline. */
  url: string;
  name: string;
  mimeType: string | null;
}

/**
 * A file of the item: an image is shown, a PDF opens in the browser's own viewer on demand (a page of
 * fifty items must not load fifty PDFs), anything else is a link. The link to a new tab stays beside it
 * for browsers without a PDF viewer.
 */
export function FilePreview({ url, name, mimeType }: FilePreviewProps) {
  const { t } = useTranslation('answering');
  const [isOpen, setIsOpen] = useState(false);
  const link = (
    <Typography.Link href={url} target="_blank" rel="noreferrer" data-testid="answer-file-link">
      {mimeType === 'application/pdf' || mimeType?.startsWith('image/') ? t('fileNewTab') : name}
    </Typography.Link>
  );
  if (mimeType?.startsWith('image/')) {
    return (
      <Flex vertical gap={4} align="start">
        <img className="sl-answer-image" src={url} alt={name} loading="lazy" />
        {link}
      </Flex>
    );
  }
  if (mimeType !== 'application/pdf') return link;
  return (
    <Flex vertical gap={8} align="stretch">
      <Flex gap="middle" align="center" wrap>
        <Button
          icon={<FilePdfOutlined />}
          onClick={() => setIsOpen((open) => !open)}
          aria-expanded={isOpen}
          data-testid="answer-pdf-toggle"
        >
          {t(isOpen ? 'hidePdf' : 'showPdf', { name })}
        </Button>
        {link}
      </Flex>
      {isOpen && <iframe className="sl-answer-pdf" src={url} title={name} data-testid="answer-pdf" />}
    </Flex>
  );
}
