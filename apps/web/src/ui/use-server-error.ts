import { App } from 'antd';
import { serverErrorText } from '../lib/form-errors';

/**
 * Shows a refused or failed call that has no form to put its errors on (a
 * button, a menu item, a confirm): its whole answer as an error message,
 * after `lead` ("Could not sign out") when given. Forms use `applyServerErrors`
 * and `FormAlert` instead, so field errors land on their fields.
 */
export const useServerError = () => {
  const { message } = App.useApp();
  return (error: unknown, lead?: string) => {
    const text = serverErrorText(error);
    void message.error(lead ? `${lead}: ${text}` : text);
  };
};
