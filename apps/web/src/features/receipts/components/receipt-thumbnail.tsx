import { Flex } from 'antd';
import { FileImageOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { Receipt } from '@herd/contract';

const SIZE = 56;
const BOX = { width: SIZE, height: SIZE, borderRadius: 6, border: '1px solid #d9e0dc', background: '#fff', flex: 'none' } as const;

/**
 * The small image the server made once it read the receipt; before that a photo shows itself
 * and a PDF an icon (drawing a PDF's page here would cost every row a download).
 */
export const ReceiptThumbnail = ({ receipt }: { receipt: Receipt }) => {
  const image = receipt.thumbnail ?? (receipt.file.content_type.startsWith('image/') && !receipt.file.content_type.includes('hei') ? receipt.file : null);
  if (image) return <img src={image.url} alt={`Receipt ${receipt.file.name}`} loading="lazy" style={{ ...BOX, objectFit: 'cover' }} />;
  const Icon = receipt.file.content_type === 'application/pdf' ? FilePdfOutlined : FileImageOutlined;
  return (
    <Flex align="center" justify="center" style={BOX} role="img" aria-label={`Receipt ${receipt.file.name}`}>
      <Icon style={{ fontSize: 24, color: '#5b6b63' }} />
    </Flex>
  );
};
