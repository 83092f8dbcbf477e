/**
 * What every simulator's snapshot shares: a plain JSON value, named by the simulator it belongs to
 * and the version of its layout, so a file written by another layout is refused in words rather
 * than half read. JSON has no bytes: files and media go in as base64 text.
 */
export interface SnapshotHeader<K extends string> {
  kind: K;
  version: number;
}

export const bytesToText = (bytes: Buffer): string => bytes.toString('base64');

export const bytesFromText = (text: string): Buffer => Buffer.from(text, 'base64');

/** Throws, saying what was expected, unless `value` is a snapshot of this kind and version. */
export function checkSnapshot<K extends string>(value: unknown, kind: K, version: number): void {
  const header = typeof value === 'object' && value !== null ? (value as Partial<SnapshotHeader<string>>) : null;
  if (header?.kind !== kind) throw new Error(`This is not a snapshot of the ${kind} simulator.`);
  if (header.version !== version) throw new Error(`This ${kind} snapshot has layout version ${String(header.version)}; this simulator reads version ${version}.`);
}
