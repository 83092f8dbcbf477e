/**
 * PDF.js (inside unpdf) calls ArrayBuffer.prototype.transferToFixedLength,
 * which Node gained in 21: on Node 20 every image in a PDF page that is not a
 * JPEG failed to draw ("transferToFixedLength is not a function") and a scanned
 * PDF came out blank. Moving the bytes with structuredClone does the same: the
 * old buffer is detached, the new one holds them, cut or zero-filled to length.
 */
declare global {
  interface ArrayBuffer {
    transferToFixedLength?(newLength?: number): ArrayBuffer;
  }
}

if (typeof ArrayBuffer.prototype.transferToFixedLength !== 'function') {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value: function transferToFixedLength(this: ArrayBuffer, newLength: number = this.byteLength): ArrayBuffer {
      const moved = structuredClone(this, { transfer: [this] });
      if (newLength === moved.byteLength) return moved;
      const resized = new ArrayBuffer(newLength);
      new Uint8Array(resized).set(new Uint8Array(moved, 0, Math.min(newLength, moved.byteLength)));
      return resized;
    },
  });
}

export {};
