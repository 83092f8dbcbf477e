import { App, Switch } from 'antd';
import { useState } from 'react';
import type { DocumentItem } from '@herd/contract/documents';
import { normaliseError } from '../../../lib/api-errors';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { FileBrowser } from '../../../ui/file-browser/file-browser';
import type { BrowserItem } from '../../../ui/file-browser/types';
import { QueryError } from '../../../ui/query-error';
import { renderPdfThumbnail } from '../../transactions/pdf-thumbnail';
import { uploadDocumentBatch, useDocumentChanges, useDocumentList, useFolderChoices, useRefreshDocuments, zipUrl, type DocumentsSide } from '../api';
import { documentPkOf, smartOf, toBrowserItem, toCrumbs } from '../browser-items';
import { linkHrefFor } from '../document-links';
import { orderingOf, sortOf, useDocumentsPlace } from '../use-documents-place';
import { UploadPanel } from '../upload/upload-panel';
import { useUploadQueue } from '../upload/use-upload-queue';
import { useUndoableDelete } from './use-undoable-delete';

/** Starts a download of an address the session may read, as a link the person clicked would. */
const download = (url: string) => {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
};

const THUMBNAIL_PX = 160;

/**
 * One company's documents in the file-browser widget: the widget owns selection, menus and drags; this
 * owns where it stands (in the address), the data and what each action asks of the server.
 */
export const DocumentsBrowser = ({ side, companyPk }: { side: DocumentsSide; companyPk: number }) => {
  const { message } = App.useApp();
  const phone = usePhoneLayout();
  const { place, write, open } = useDocumentsPlace();
  const list = useDocumentList(side, companyPk, place);
  const changes = useDocumentChanges(side, companyPk);
  const deleteItems = useUndoableDelete(changes);
  const refresh = useRefreshDocuments(side, companyPk);
  // Any number of files, in batches the server takes, one after another (docs/documents.md, "Uploads").
  const uploads = useUploadQueue({
    send: (files, folder, key) => uploadDocumentBatch(side, companyPk, { files, folder, key }),
    onBatch: () => void refresh(),
    onFinished: ({ files }) => {
      if (!files.every((file) => file.status === 'uploaded')) return;
      // All kept: the panel goes and a line says so; otherwise it stays with the reasons until closed.
      void message.success(files.length === 1 ? `Uploaded “${files[0]!.keptAs ?? files[0]!.name}”.` : `Uploaded ${files.length.toLocaleString('en-US')} files.`);
      uploads.queue.clear();
    },
  });
  const [view, setView] = useState<'list' | 'grid'>('list');
  const folders = useFolderChoices(side, companyPk, true);
  const pages = list.data?.pages ?? [];
  const first = pages[0];
  const linkHref = linkHrefFor(side, companyPk);
  const byId = new Map<string, DocumentItem>();
  const items = pages
    .flatMap((page) => page.results)
    .map((item) => {
      const browserItem = toBrowserItem(item, side, linkHref);
      byId.set(browserItem.id, item);
      return browserItem;
    });
  const failed = (err: unknown) => void message.error(normaliseError(err).message);
  const attempt = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      failed(err);
    }
  };
  const ownPks = (list: BrowserItem[]) => list.map((item) => documentPkOf(item.id)).filter((pk): pk is number => pk !== null);
  const current = first?.folder;

  if (list.isError && !first) return <QueryError error={list.error} title="Could not load the documents" onRetry={() => void list.refetch()} />;

  return (
    <FileBrowser
      path={first ? toCrumbs(first.path) : [{ id: null, name: 'Documents' }]}
      items={items}
      totalCount={first?.count ?? 0}
      hiddenCount={first ? first.total - first.count : 0}
      loading={list.isPending || (list.isFetching && !list.isFetchingNextPage && list.isPlaceholderData)}
      hasMore={list.hasNextPage}
      onLoadMore={() => void (list.hasNextPage && !list.isFetchingNextPage && list.fetchNextPage())}
      canWrite={current?.writable ?? false}
      search={place.search}
      onSearchChange={(search) => write({ search })}
      sort={sortOf(place.ordering)}
      onSortChange={(sort) => write({ ordering: orderingOf(sort) })}
      view={view}
      onViewChange={setView}
      compact={phone}
      onOpenFolder={(id) => (id === null ? open(null) : smartOf(id) ? open(null, smartOf(id)) : open(documentPkOf(id)))}
      onOpenFile={(item) => {
        const url = byId.get(item.id)?.url;
        if (url) window.open(`${url}${url.includes('?') ? '&' : '?'}inline=1`, '_blank', 'noopener');
      }}
      onUpload={(files, folderId) => {
        const folder = folderId === null ? null : documentPkOf(folderId);
        uploads.queue.add(files, folder ?? place.folder);
      }}
      status={<UploadPanel snapshot={uploads.snapshot} onRetry={() => uploads.queue.retry()} onClose={() => uploads.queue.clear()} />}
      onCreateFolder={(name) => attempt(() => changes.createFolder.mutateAsync({ name, parent: place.folder }))}
      onRename={(item, name) => {
        const pk = documentPkOf(item.id);
        return pk === null ? Promise.resolve() : attempt(() => changes.update.mutateAsync({ pk, name }));
      }}
      onMove={(ids, target) =>
        attempt(() =>
          changes.move.mutateAsync({ pks: ids.map(documentPkOf).filter((pk): pk is number => pk !== null), parent: target === null ? null : documentPkOf(target) }),
        )
      }
      moveTargets={[{ id: null, name: 'Documents' }, ...(folders.data ?? []).map((folder) => ({ id: `d:${folder.pk}`, name: folder.path }))]}
      onDelete={(selected) => void deleteItems(ownPks(selected))}
      onDownload={(item) => {
        const url = byId.get(item.id)?.url;
        if (url) download(url);
      }}
      onDownloadZip={(selected) => {
        const pks = ownPks(selected);
        if (pks.length === 0) void message.info('Files in the smart folders download one at a time.');
        else download(zipUrl(side, companyPk, pks));
      }}
      renderPdfThumbnail={(url) => renderPdfThumbnail(url, THUMBNAIL_PX)}
      onThumbnailError={(item, error) => console.warn(`No thumbnail for “${item.name}”.`, error)}
      extraActions={
        side === 'accountant' && current?.pk ? (
          <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center', whiteSpace: 'nowrap' }}>
            <Switch
              size="small"
              checked={current.accountant_only || current.inherits_accountant_only}
              disabled={changes.update.isPending || current.inherits_accountant_only}
              onChange={(checked) => void attempt(() => changes.update.mutateAsync({ pk: current.pk!, accountant_only: checked }))}
            />
            {current.inherits_accountant_only ? 'Accountant only (from a folder above)' : 'Accountant only'}
          </label>
        ) : null
      }
    />
  );
};
