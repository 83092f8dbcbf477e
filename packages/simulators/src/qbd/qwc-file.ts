import { child, childText, parseXml } from './xml-tree.js';

/** What the Web Connector reads from a .qwc file (INTEGRATIONS.md §3.2). */
export interface QwcFile {
  appName: string;
  appUrl: string;
  userName: string;
  ownerId: string;
  fileId: string;
  qbType: 'QBFS' | 'QBPOS';
  isReadOnly: boolean;
  runEveryNMinutes?: number;
}

/** Reads a .qwc file, refusing one the Web Connector would refuse to load. */
export function parseQwcFile(content: string): QwcFile {
  const root = parseXml(content).find((each) => each.name === 'QBWCXML');
  if (!root) throw new Error('not a .qwc file: no <QBWCXML> element');
  const required = (name: string): string => {
    const value = childText(root, name);
    if (value === undefined || value === '') throw new Error(`.qwc file without <${name}>`);
    return value;
  };
  const appUrl = required('AppURL');
  const url = new URL(appUrl);
  // QBWC accepts plain HTTP only for localhost (UNCONFIRMED in the sources at hand, followed here).
  if (url.protocol !== 'https:' && url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') throw new Error(`AppURL must be HTTPS: ${appUrl}`);
  const qbType = required('QBType');
  if (qbType !== 'QBFS' && qbType !== 'QBPOS') throw new Error(`unknown QBType ${qbType}`);
  const scheduler = child(root, 'Scheduler');
  const minutes = scheduler ? childText(scheduler, 'RunEveryNMinutes') : undefined;
  return {
    appName: required('AppName'),
    appUrl,
    userName: required('UserName'),
    ownerId: required('OwnerID'),
    fileId: required('FileID'),
    qbType,
    isReadOnly: childText(root, 'IsReadOnly') === 'true',
    ...(minutes !== undefined ? { runEveryNMinutes: Number(minutes) } : {}),
  };
}
