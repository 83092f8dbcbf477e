import { useCallback, useEffect, useRef, useState } from 'react';
import { errorStatus } from '../../../lib/api-errors';
import { newSubmissionKey } from '../../../lib/submission-key';
import { useProfile } from '../../auth/api';
import { captureOf, filesOf, forgetCapture, keepCapture, waitingCaptures } from './capture-queue';
import { useUploadReceipts } from './client-receipts-api';
import { refusalsByFile, type UploadItem } from './upload-outcome';

/**
 * Sends what the person hands over, and keeps it until the server has it: each choice of files is one
 * capture, kept on the device before it is sent and forgotten once filed or refused. With no
 * connection its files wait ("Waiting for a connection") and go by themselves when it is back, or the
 * next time this screen opens, with the same key, so the server files each capture once.
 */
export const useReceiptCaptures = (companyPk: number) => {
  const profile = useProfile();
  // Its mutateAsync stays the same function from render to render (useSubmitMutation).
  const { mutateAsync, isPending } = useUploadReceipts(companyPk);
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextId = useRef(1);
  const sending = useRef(new Set<string>());
  // Filed on this screen: not sent again while its record is being forgotten.
  const filed = useRef(new Set<string>());

  const deliver = useCallback(
    async (key: string, files: readonly File[], kept: boolean) => {
      if (sending.current.has(key) || filed.current.has(key)) return;
      sending.current.add(key);
      const batch: UploadItem[] = files.map((file) => ({ id: nextId.current++, file, captureKey: key, state: { kind: 'sending' } }));
      // The newest first; a capture sent again replaces its waiting rows. Earlier outcomes stay until cleared.
      setItems((all) => [...batch, ...all.filter((item) => item.captureKey !== key)]);
      const settle = (settled: UploadItem[]) => setItems((all) => all.map((item) => settled.find((s) => s.id === item.id) ?? item));
      try {
        await mutateAsync({ files, key });
        filed.current.add(key);
        await forgetCapture(key);
        settle(batch.map((item) => ({ ...item, state: { kind: 'sent' } })));
      } catch (error) {
        // No answer at all (no signal): a kept capture waits for the connection.
        if (errorStatus(error) === null && kept) settle(batch.map((item) => ({ ...item, state: { kind: 'waiting' } })));
        else {
          await forgetCapture(key);
          settle(refusalsByFile(batch, error));
        }
      } finally {
        sending.current.delete(key);
      }
    },
    [mutateAsync],
  );

  const start = useCallback(
    async (files: readonly File[]) => {
      const key = newSubmissionKey();
      const kept = await keepCapture(await captureOf(key, profile.pk, companyPk, files));
      await deliver(key, files, kept);
    },
    [deliver, profile.pk, companyPk],
  );

  const sendWaiting = useCallback(async () => {
    for (const capture of await waitingCaptures(profile.pk, companyPk)) await deliver(capture.key, filesOf(capture), true);
  }, [deliver, profile.pk, companyPk]);

  useEffect(() => {
    void sendWaiting();
    const online = () => void sendWaiting();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [sendWaiting]);

  return { items, setItems, start, pending: isPending };
};
