import { z } from 'zod';

/** What the firm keeps in storage and what it may keep (docs/documents.md, "Storage quota"). */
export const storageUsage = z.object({
  /** Bytes of every file the firm keeps: documents (those in the trash too), receipts, attachments, request files, its logo. */
  used_bytes: z.number(),
  /** The limit each firm has on this deployment. */
  quota_bytes: z.number(),
});
export type StorageUsage = z.infer<typeof storageUsage>;

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** "512 B", "18 KB", "2.4 MB", "100 GB": an amount of storage as people read it (1 KB = 1,024 bytes), the same on both sides. */
export const formatStorage = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  let amount = bytes / 1024;
  let unit = 0;
  while (amount >= 1024 && unit < UNITS.length - 1) {
    amount /= 1024;
    unit += 1;
  }
  return `${amount >= 100 || Number.isInteger(amount) ? Math.round(amount) : +amount.toFixed(1)} ${UNITS[unit]}`;
};
