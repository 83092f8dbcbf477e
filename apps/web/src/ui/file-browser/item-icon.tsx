import { FileExcelOutlined, FileImageOutlined, FileOutlined, FilePdfOutlined, FileTextOutlined, FileWordOutlined, FolderFilled } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import type { BrowserItem } from './types';

const IMAGE = /^image\/(png|jpeg|gif|webp)$/;

const iconOf = (item: BrowserItem) => {
  const type = item.contentType ?? '';
  if (item.kind === 'folder') return <FolderFilled style={{ color: '#c9a227' }} />;
  if (type === 'application/pdf') return <FilePdfOutlined style={{ color: '#b42318' }} />;
  if (type.startsWith('image/')) return <FileImageOutlined style={{ color: '#4a6fa5' }} />;
  if (type.includes('spreadsheet') || type === 'text/csv') return <FileExcelOutlined style={{ color: '#1d6f42' }} />;
  if (type.includes('wordprocessing')) return <FileWordOutlined style={{ color: '#2b579a' }} />;
  if (type.startsWith('text/')) return <FileTextOutlined />;
  return <FileOutlined />;
};

/** PDF pictures already drawn, by address: scrolling back does not draw them again. */
const drawn = new Map<string, string>();

interface ItemIconProps {
  item: BrowserItem;
  size: number;
  renderPdfThumbnail?: (url: string) => Promise<string>;
  onThumbnailError?: (item: BrowserItem, error: unknown) => void;
}

/**
 * An item's picture: an image's own thumbnail, a PDF's first page (drawn on demand), else its kind's icon.
 * A picture that fails is reported and forgotten: the icon stays.
 */
export const ItemIcon = ({ item, size, renderPdfThumbnail, onThumbnailError }: ItemIconProps) => {
  const url = item.thumbnailUrl ?? null;
  const isPdf = item.contentType === 'application/pdf';
  const [picture, setPicture] = useState<string | null>(url && IMAGE.test(item.contentType ?? '') ? url : url && isPdf ? (drawn.get(url) ?? null) : null);
  const [failed, setFailed] = useState(false);
  const report = (error: unknown) => {
    setFailed(true);
    (onThumbnailError ?? ((i: BrowserItem, e: unknown) => console.warn(`No thumbnail for “${i.name}”.`, e)))(item, error);
  };
  useEffect(() => {
    if (!url || !isPdf || !renderPdfThumbnail || drawn.has(url)) return;
    let live = true;
    renderPdfThumbnail(url).then(
      (image) => {
        drawn.set(url, image);
        if (live) setPicture(image);
      },
      (error: unknown) => live && report(error),
    );
    return () => {
      live = false;
    };
    // The item's address is what the picture depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);
  const box = { width: size, height: size, flex: `0 0 ${size}px` };
  if (picture && !failed)
    return (
      <span className="herd-fb-thumb" style={box}>
        <img src={picture} alt="" loading="lazy" onError={() => report(new Error('The image could not be loaded.'))} />
      </span>
    );
  return (
    <span className="herd-fb-icon" style={{ ...box, fontSize: Math.round(size * 0.6) }} data-icon={item.kind}>
      {iconOf(item)}
    </span>
  );
};
