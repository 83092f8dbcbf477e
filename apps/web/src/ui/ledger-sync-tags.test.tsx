import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeLedgerSync } from '../../test/fake-qbo';
import { formatDateTime } from '../lib/format';
import { SyncState } from './ledger-sync-tags';

const NOW = new Date('2026-11-28T12:00:00Z').getTime();
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('SyncState', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says when the company last synced and when the schedule pulls it next', () => {
    render(<SyncState sync={makeLedgerSync({ last_synced_at: at(-30), next_sync_at: at(3 * 60) })} />);
    expect(screen.getByText(/Last synced 30 minutes ago/)).toBeInTheDocument();
    expect(screen.getByText('Next sync in 3 hours')).toBeInTheDocument();
  });

  it('says the next sync is any minute now once its time has come', () => {
    render(<SyncState sync={makeLedgerSync({ next_sync_at: at(-2) })} />);
    expect(screen.getByText('Not synced yet')).toBeInTheDocument();
    expect(screen.getByText('Next sync any minute now')).toBeInTheDocument();
  });

  it('shows a company whose pulls keep failing as failing, with the backed-off time of its next try', () => {
    const next = at(16 * 60);
    render(<SyncState sync={makeLedgerSync({ state: 'FAILED', last_error: 'QuickBooks did not answer in time.', consecutive_failures: 3, next_sync_at: next })} />);
    expect(screen.getByText('Sync failing')).toBeInTheDocument();
    expect(screen.getByText(`Next try at ${formatDateTime(next)}`)).toBeInTheDocument();
  });

  it('says nothing of a next run the schedule has not set yet', () => {
    render(<SyncState sync={makeLedgerSync({ last_synced_at: at(-5) })} />);
    expect(screen.queryByText(/Next sync/)).not.toBeInTheDocument();
  });

  it('names the Web Connector’s next run for a QuickBooks Desktop company, never the sync schedule’s', () => {
    const next = at(40);
    const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(next));
    const qbd = (overrides: Parameters<typeof makeLedgerSync>[0]) => makeLedgerSync({ provider: 'QBD', ...overrides });
    const { unmount } = render(<SyncState sync={qbd({ last_synced_at: at(-20), next_sync_at: next })} />);
    expect(screen.getByText(`Next Web Connector run about ${time}`)).toBeInTheDocument();
    expect(screen.queryByText(/Next sync/)).not.toBeInTheDocument();
    unmount();
    render(<SyncState sync={qbd({ next_sync_at: null })} />);
    expect(screen.getByText('Next Web Connector run not known until its first run')).toBeInTheDocument();
  });
});
