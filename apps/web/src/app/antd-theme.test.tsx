import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme as antTheme } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAIN_COLOR } from '@herd/contract/constants';
import { makeProfile } from '../../test/fake-api';
import { testQueryClient } from '../../test/render-app';
import { setSignedIn, setSignedOut } from '../features/auth/api';
import { PlainButton } from '../ui/plain/button';
import { AntdTheme } from './antd-theme';

const renderThemed = (client = testQueryClient()) =>
  render(
    <QueryClientProvider client={client}>
      <AntdTheme>
        <PlainButton>Try again</PlainButton>
      </AntdTheme>
    </QueryClientProvider>,
  );

/** The colour the plain parts inside antd's theme are handed (`--herd-primary` on the theme's wrapper). */
const plainPrimary = () =>
  (screen.getByRole('button', { name: 'Try again' }).closest('[style*="--herd-primary"]') as HTMLElement | null)?.style.getPropertyValue('--herd-primary');

describe('antd’s theme', () => {
  it('hands the firm’s colour to the plain parts drawn inside it (the retry button of a signed-in screen)', () => {
    const client = testQueryClient();
    setSignedIn(client, makeProfile());
    renderThemed(client);
    expect(plainPrimary()).toBe('#1d4ed8');
  });

  it('hands Herd’s own colour when no firm is known', () => {
    const client = testQueryClient();
    setSignedOut(client, false);
    renderThemed(client);
    expect(plainPrimary()).toBe(DEFAULT_MAIN_COLOR);
  });

  it('turns antd’s slides and fades off for a person whose system asks for less motion, and only for them', () => {
    const MotionWord = () => <span>{antTheme.useToken().token.motion ? 'moving' : 'still'}</span>;
    const renderMotion = () => {
      const client = testQueryClient();
      setSignedIn(client, makeProfile());
      return render(
        <QueryClientProvider client={client}>
          <AntdTheme>
            <MotionWord />
          </AntdTheme>
        </QueryClientProvider>,
      );
    };
    const first = renderMotion();
    expect(screen.getByText('moving')).toBeInTheDocument();
    first.unmount();

    const asks = (query: string) => query.includes('prefers-reduced-motion: reduce');
    const unasked = window.matchMedia.bind(window);
    vi.stubGlobal('matchMedia', (query: string) => ({ ...unasked(query), matches: asks(query), media: query }));
    renderMotion();
    expect(screen.getByText('still')).toBeInTheDocument();
  });
});
