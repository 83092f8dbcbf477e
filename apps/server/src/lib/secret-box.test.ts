import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

describe('secret box', () => {
  const box = createSecretBox('one key');

  it('opens what it sealed, and never stores the plain text', () => {
    const sealed = box.seal('refresh-token-123');
    expect(sealed).not.toContain('refresh-token-123');
    expect(box.open(sealed)).toBe('refresh-token-123');
    expect(box.seal('refresh-token-123')).not.toBe(sealed);
  });

  it('refuses a secret sealed under another key or tampered with', () => {
    const sealed = box.seal('access');
    expect(() => createSecretBox('another key').open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('forged').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => box.open('plain')).toThrow('Not a sealed secret');
  });
});
