import type { Receipt } from '@herd/contract';

const read = <T>(value: T | null, confidence: number | null = null, edited = false) => ({ value, confidence, edited });

/** A read receipt of company 7: a coffee shop's photo, read surely, not matched yet. */
export const makeReceipt = (overrides: Partial<Receipt> = {}): Receipt => ({
  pk: 501,
  client_company: { pk: 7, name: 'Sunrise Bakery LLC' },
  status: 'READY',
  is_hidden: false,
  source: 'WEB',
  read_state: 'READ',
  read_error: null,
  file: { pk: 901, name: 'coffee.jpg', content_type: 'image/jpeg', size: 120_000, url: '/api/v1/storage/file/retrieve/901/', created_at: '2026-11-20T10:00:00Z' },
  thumbnail: {
    pk: 902,
    name: 'coffee-thumb.jpg',
    content_type: 'image/jpeg',
    size: 8_000,
    url: '/api/v1/storage/file/retrieve/902/',
    created_at: '2026-11-20T10:00:05Z',
  },
  vendor: read('Blue Bottle Coffee', 0.92),
  date: read('2026-11-19', 0.88),
  total: read('12.50', 0.95),
  currency: read('USD', 0.9),
  note: '',
  uploaded_by: { pk: 2, name: 'Casey Baker' },
  duplicate_of: null,
  transaction: null,
  notes_count: 0,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

/** An unread PDF: nothing read yet, so nothing to show but its name. */
export const makeUnreadReceipt = (overrides: Partial<Receipt> = {}): Receipt =>
  makeReceipt({
    pk: 502,
    read_state: 'PENDING',
    file: { pk: 903, name: 'invoice.pdf', content_type: 'application/pdf', size: 50_000, url: '/api/v1/storage/file/retrieve/903/', created_at: '2026-11-21T10:00:00Z' },
    thumbnail: null,
    vendor: read(null),
    date: read(null),
    total: read(null),
    currency: read(null),
    ...overrides,
  });

export const receiptPage = (results: Receipt[], count = results.length) => ({ count, next: null, previous: null, results });
