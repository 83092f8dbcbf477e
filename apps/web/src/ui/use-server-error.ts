import { App } from 'antd';
import { serverErrorText } from '../lib/form-errors';

/**
 * Shows a refused or failed call that has no form to put its errors on (a
 * button, a menu item, a confirm): its whole answer as an error message,
 * after `lead` ("Could not sign out") when given. Forms use `applyServerErrors`
 * and `FormAlert` instead, so field errors land on their fields.
 */
/**
 * How long an error message stays: long enough to read a sentence and act on it. The app's other
 * messages (a save confirmed) go in a second and a half; an error gone that fast is an error unread.
 */
export const ERROR_MESSAGE_DURATION_S = 8;

export const useServerError = () => {
  const { message } = App.useApp();
  return (error: unknown, lead?: string) => {
    const text = serverErrorText(error);
    void message.error({ content: lead ? `${lead}: ${text}` : text, duration: ERROR_MESSAGE_DURATION_S });
  };
};
