import type { z } from 'zod';
import type { karbonSandboxClient, karbonSandboxFile } from '@herd/contract/karbon-sandbox';
import { formatDateTime } from '../../lib/format';

export type SandboxClient = z.infer<typeof karbonSandboxClient>;
export type SandboxFile = z.infer<typeof karbonSandboxFile>;

/** The Karbon client as a person reads it: its name in Karbon, or its key when Karbon no longer has it. */
export const karbonClientName = (client: SandboxClient) => client.karbon_name ?? `${client.karbon_type} ${client.karbon_key} (no longer in Karbon)`;

/** The setting a firm admin turns on, by the words the Integrations tab shows. */
const IMPORT_SETTING = '“Photos and PDFs filed on the client in Karbon become their receipts in Herd”';

/** What became of a filed document, in a tag's few words and a sentence beside it. */
export const fileStateWords = (file: SandboxFile, client: SandboxClient): { tag: string; color: string; detail: string } => {
  switch (file.state) {
    case 'RECEIPT':
      return { tag: 'Receipt in Herd', color: 'green', detail: `Herd made it a receipt of ${client.company_name}.` };
    case 'TURNED_AWAY':
      return { tag: 'Turned away', color: 'red', detail: file.refusal ?? 'Herd did not take it as a receipt.' };
    case 'WAITING':
      return {
        tag: 'Waiting for Herd',
        color: 'blue',
        detail: client.next_look_at ? `Herd looks at it by ${formatDateTime(client.next_look_at)}.` : 'Herd looks at it in its next look at Karbon.',
      };
    case 'NOT_IMPORTED':
      return { tag: 'Not imported', color: 'default', detail: `Receipts from Karbon are off for ${client.company_name}.` };
  }
};

/**
 * What Herd does next with a document just filed: when its import (each minute) takes it and what
 * it becomes, or why it will not while the company's settings do not ask for it.
 */
export const nextStepWords = (file: SandboxFile, client: SandboxClient): string => {
  const where = `${file.name} is filed on ${karbonClientName(client)} in the sandbox Karbon.`;
  if (file.state === 'NOT_IMPORTED')
    return `${where} Herd will not take it: receipts from Karbon are off for ${client.company_name}. Turn on ${IMPORT_SETTING} on the Integrations tab (for the firm, or in ${client.company_name}’s own Karbon settings), and Herd takes it at its next look (its import runs each minute).`;
  const when = client.next_look_at ? `by ${formatDateTime(client.next_look_at)}` : 'at its next look';
  return `${where} Herd’s import looks at the client’s files each minute and takes this one ${when}: a photo or PDF becomes a receipt of ${client.company_name}, read and matched as any receipt; anything else is turned away, and this page says why. Refresh to see.`;
};
