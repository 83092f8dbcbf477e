import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';

describe('/version', () => {
  it('shows the build version and commit', async () => {
    fakeSession(null);
    renderAt('/version');
    expect(await screen.findByTestId('app-version')).toHaveTextContent(__APP_VERSION__);
    expect(__APP_VERSION__).toMatch(/^\d+\.\d+\.\d+/);
    expect(screen.getByTestId('app-commit')).toHaveTextContent(__APP_COMMIT__);
    expect(__APP_COMMIT__.length).toBeGreaterThan(0);
  });
});
