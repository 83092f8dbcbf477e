import { describe, expect, it } from 'vitest';
import { reasonUnderName } from './reason-under-name';

describe('a refusal under its file’s name', () => {
  it('drops the name the reason begins with, so the name is not said twice', () => {
    expect(reasonUnderName('march.exe', 'march.exe is not a photo or a PDF. Upload a JPEG, PNG or HEIC photo, or a PDF.')).toBe(
      'Not a photo or a PDF. Upload a JPEG, PNG or HEIC photo, or a PDF.',
    );
    expect(reasonUnderName('scan.pdf', 'scan.pdf is empty.')).toBe('Empty.');
    expect(reasonUnderName('big.pdf', 'big.pdf is larger than the 25 MB limit.')).toBe('Larger than the 25 MB limit.');
    expect(reasonUnderName('setup.exe', '“setup.exe” is not a type Herd keeps.')).toBe('Not a type Herd keeps.');
  });

  it('keeps a reason that speaks of something else, or of another file that begins the same way', () => {
    expect(reasonUnderName('a.pdf', 'The storage quota of 100 GB is reached.')).toBe('The storage quota of 100 GB is reached.');
    expect(reasonUnderName('a.pdf', 'a.pdf.exe is not a photo or a PDF.')).toBe('a.pdf.exe is not a photo or a PDF.');
    expect(reasonUnderName('', ' is empty.')).toBe(' is empty.');
  });
});
