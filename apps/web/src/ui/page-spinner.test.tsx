import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageSpinner } from './page-spinner';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('PageSpinner', () => {
  it('shows nothing for the first 200 ms', () => {
    render(<PageSpinner caption="Loading transactions" />);
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading transactions')).not.toBeInTheDocument();
  });

  it('appears at 200 ms with its caption', () => {
    render(<PageSpinner caption="Loading transactions" />);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.getByText('Loading transactions')).toBeInTheDocument();
  });

  it('works without a caption', () => {
    const { container } = render(<PageSpinner />);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(container.querySelector('.ant-spin')).not.toBeNull();
  });

  it('never shows when unmounted before the delay', () => {
    const { unmount } = render(<PageSpinner caption="x" />);
    unmount();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('x')).not.toBeInTheDocument();
  });
});
