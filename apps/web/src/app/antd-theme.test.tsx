import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
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
});
