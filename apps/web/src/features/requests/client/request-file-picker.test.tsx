import { screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { makeClientProfile } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { RequestFilePicker } from './request-file-picker';

describe('the request file picker', () => {
  it('keeps its file inputs out of sight inside a form, whose styles show file inputs', () => {
    // antd's form styles say `.ant-form input[type="file"] { display: block }`, which beats the `hidden`
    // attribute: the Ask your accountant dialog showed two bare "Choose Files" inputs under the button.
    // (The tests run antd without its generated styles, so the rule is set here as the app has it.)
    const formStyles = document.createElement('style');
    formStyles.textContent = '.ant-form input[type="file"] { display: block; }';
    document.head.append(formStyles);
    try {
      renderPage(
        <Form>
          <RequestFilePicker companyPk={7} label="your message" value={[]} onChange={() => undefined} />
        </Form>,
        { path: '/', profile: makeClientProfile() },
      );
      expect(screen.getByRole('button', { name: /Choose files/ })).toBeVisible();
      // Shown or not by the styles in force (jest-dom's toBeVisible trusts the `hidden` attribute alone).
      expect(getComputedStyle(screen.getByTestId('request-file-input')).display).toBe('none');
      expect(getComputedStyle(screen.getByTestId('request-camera-input')).display).toBe('none');
    } finally {
      formStyles.remove();
    }
  });
});
