import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingScreen } from './loading-screen';

describe('LoadingScreen', () => {
  it('says "Herding uncats..."', () => {
    render(<LoadingScreen />);
    expect(screen.getByRole('status')).toHaveTextContent('Herding uncats...');
  });
});
