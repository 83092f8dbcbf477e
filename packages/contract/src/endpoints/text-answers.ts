import { endpoint } from '../endpoint.js';
import { textQuestionsSettings, textQuestionsSettingsBody } from '../text-answers.js';

const own = ['profile'];

/** A client's consent to questions by text (docs/answers-by-text-and-email.md). */
export const textAnswerEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: 'users/profile/texts/',
    tags: own,
    summary: 'Whether the signed-in client gets their questions by text, and to which number',
    responses: { 200: textQuestionsSettings },
  }),
  settingsUpdate: endpoint({
    method: 'PATCH',
    path: 'users/profile/texts/',
    tags: own,
    summary: 'Agree to questions by text, or stop them',
    body: textQuestionsSettingsBody,
    responses: { 200: textQuestionsSettings },
    whileReadOnly: true,
  }),
};
