import { createStore, del, set, values } from 'idb-keyval';

/**
 * Receipts taken on this device and not yet filed (docs/phone-app.md, "Receipts taken with no signal"):
 * kept in the browser's IndexedDB from the moment they are chosen until the server has them, so a
 * photo taken with no signal survives the app being closed. Each capture carries the Idempotency-Key
 * it is sent with every time, so the server files it once however often it is sent. A capture is its
 * person's: another person signed in on the same phone neither sees nor sends it.
 */
export interface Capture {
  key: string;
  userPk: number;
  companyPk: number;
  takenAt: number;
  /** The files' bytes with their names and types (bytes rather than File objects: every browser stores those). */
  files: { name: string; type: string; bytes: ArrayBuffer }[];
}

const store = () => createStore('herd-receipts', 'captures');

/** Keeps a capture; false where the browser keeps nothing (a private window): it is then only sent, not kept. */
export const keepCapture = async (capture: Capture): Promise<boolean> => {
  try {
    await set(capture.key, capture, store());
    return true;
  } catch {
    return false;
  }
};

export const captureOf = async (key: string, userPk: number, companyPk: number, files: readonly File[]): Promise<Capture> => ({
  key,
  userPk,
  companyPk,
  takenAt: Date.now(),
  files: await Promise.all(files.map(async (file) => ({ name: file.name, type: file.type, bytes: await file.arrayBuffer() }))),
});

export const filesOf = (capture: Capture) => capture.files.map((f) => new File([f.bytes], f.name, { type: f.type }));

export const forgetCapture = async (key: string) => {
  try {
    await del(key, store());
  } catch {
    // Nothing was kept.
  }
};

/** This person's captures of this company still waiting, oldest first. */
export const waitingCaptures = async (userPk: number, companyPk: number): Promise<Capture[]> => {
  try {
    return (await values<Capture>(store())).filter((c) => c.userPk === userPk && c.companyPk === companyPk).sort((a, b) => a.takenAt - b.takenAt);
  } catch {
    return [];
  }
};
