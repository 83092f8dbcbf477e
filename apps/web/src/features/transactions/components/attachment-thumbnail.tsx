import { useEffect } from 'react';
import { Flex } from 'antd';
import { FileOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Transaction } from '@herd/contract';
import { renderPdfThumbnail } from '../pdf-thumbnail';

type Attachment = Transaction['attachments'][number];

const SIZE = 72;
const THUMB = { width: SIZE, height: SIZE, borderRadius: 6, border: '1px solid #d9e0dc', objectFit: 'cover' as const, background: '#fff' };

// A thumbnail that cannot be made is logged and ignored; the file stays one click away.
const logFailure = (attachment: Attachment) => console.warn(`Attachment thumbnail could not be made: ${attachment.name}`);

const FileIcon = ({ attachment }: { attachment: Attachment }) => {
  const Icon = attachment.content_type === 'application/pdf' ? FilePdfOutlined : FileOutlined;
  return (
    <Flex align="center" justify="center" style={THUMB} aria-label={attachment.name}>
      <Icon style={{ fontSize: 28, color: '#b42318' }} />
    </Flex>
  );
};

/** The first page of a PDF, drawn once per file and kept for the session. */
const PdfThumbnail = ({ attachment }: { attachment: Attachment }) => {
  const thumbnail = useQuery({
    queryKey: ['pdf-thumbnail', attachment.url],
    queryFn: () => renderPdfThumbnail(attachment.url, SIZE),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (thumbnail.isError) logFailure(attachment);
  }, [thumbnail.isError, attachment]);
  if (!thumbnail.data) return <FileIcon attachment={attachment} />;
  return <img src={thumbnail.data} alt={attachment.name} data-testid="pdf-thumbnail" style={{ ...THUMB, objectFit: 'contain' }} />;
};

/** An image shows itself, a PDF its first page, anything else an icon. */
export const AttachmentThumbnail = ({ attachment }: { attachment: Attachment }) => {
  if (attachment.content_type.startsWith('image/')) {
    return <img src={attachment.url} alt={attachment.name} style={THUMB} onError={() => logFailure(attachment)} />;
  }
  if (attachment.content_type === 'application/pdf') return <PdfThumbnail attachment={attachment} />;
  return <FileIcon attachment={attachment} />;
};
