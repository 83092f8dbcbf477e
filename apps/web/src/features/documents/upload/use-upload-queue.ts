import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { UploadQueue, type SendBatch, type UploadSnapshot } from './upload-queue';

interface Handlers {
  send: SendBatch;
  /** A batch was answered: what it kept is in the folder now. */
  onBatch: () => void;
  /** Nothing is left to send. */
  onFinished: (snapshot: UploadSnapshot) => void;
}

/** One upload queue for the life of the component, and its current state. The latest handlers are used whichever render made the queue. */
export const useUploadQueue = (handlers: Handlers) => {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const [queue] = useState(
    () =>
      new UploadQueue((files, folder, key) => latest.current.send(files, folder, key), {
        onBatch: () => latest.current.onBatch(),
        onFinished: (snapshot) => latest.current.onFinished(snapshot),
      }),
  );
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  return { queue, snapshot };
};
