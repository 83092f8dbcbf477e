import { Alert, App, Card, Flex, Switch, Typography } from 'antd';
import { normaliseError } from '../../../lib/api-errors';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useTextSettings, useUpdateTextSettings } from '../text-answers-api';

/**
 * A client's consent to get their questions by text and answer by reply
 * (docs/answers-by-text-and-email.md). Off until they turn it on; after a STOP texted to Herd, only
 * START texted back turns it on again, as carriers require.
 */
export const QuestionsByTextCard = () => {
  const settings = useTextSettings();
  const update = useUpdateTextSettings();
  const { message } = App.useApp();
  if (settings.isPending) return <PageSpinner caption="Loading your text settings…" />;
  if (settings.isError) return <QueryError error={settings.error} title="Could not load your text settings" onRetry={() => void settings.refetch()} />;
  const { agreed, stopped, phone, phone_textable: textable } = settings.data;

  const toggle = async (next: boolean) => {
    try {
      await update.mutateAsync({ agreed: next });
      void message.success(next ? 'Your questions will come by text.' : 'No more questions by text.');
    } catch (error) {
      void message.error(normaliseError(error).message);
    }
  };

  return (
    <Card title="Questions by text" style={{ maxWidth: 640 }}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" gap={16}>
          <div>
            <Typography.Text strong id="questions-by-text">
              Text me my questions
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {textable
                ? `Your accountant’s questions come to ${phone}, numbered, with likely answers lettered. Reply “1a 2 meals” to answer several at once.`
                : 'Add your mobile number with its country code (like +1 415 555 0143) on the Profile tab first.'}
            </Typography.Paragraph>
          </div>
          <Switch
            aria-labelledby="questions-by-text"
            checked={agreed && !stopped}
            disabled={!textable || stopped}
            loading={update.isPending}
            onChange={(next) => void toggle(next)}
          />
        </Flex>
        {stopped ? (
          <Alert type="info" showIcon message="You texted STOP to Herd." description="Text START to the same number to get your questions by text again." />
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          Texts carry only the questions and your accountant’s name. Reply ? for a sign-in link, HELP for help, STOP to stop. Message and data rates may apply.
        </Typography.Text>
      </Flex>
    </Card>
  );
};
