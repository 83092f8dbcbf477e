import { act, render, screen } from '@testing-library/react';
import { App, Button } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGE_DURATION_S, useServerError } from './use-server-error';

let shown: MessageInstance | null = null;

const Refuser = () => {
  const showError = useServerError();
  shown = App.useApp().message;
  return <Button onClick={() => showError(new Error('The file is not a photo or a PDF.'), 'Nothing was uploaded')}>Upload</Button>;
};

describe('an error with no form to sit on', () => {
  it('is shown long enough to be read (a confirmation goes in a second and a half)', () => {
    render(
      <App>
        <Refuser />
      </App>,
    );
    const error = vi.spyOn(shown!, 'error');
    act(() => screen.getByRole('button', { name: 'Upload' }).click());
    expect(error).toHaveBeenCalledWith({ content: expect.stringMatching(/^Nothing was uploaded: The file is not a photo or a PDF/), duration: ERROR_MESSAGE_DURATION_S });
    expect(ERROR_MESSAGE_DURATION_S).toBeGreaterThanOrEqual(5);
  });
});
