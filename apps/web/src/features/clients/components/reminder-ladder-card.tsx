import { Alert, Card, Steps, Typography } from 'antd';
import type { ReminderLadderStep, ReminderLadderView } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { QueryError } from '../../../ui/query-error';
import { useReminderLadder } from '../api';

const TITLES: Record<ReminderLadderStep['step'], string> = { EMAIL: 'Reminder email', TEXT: 'Text', CALL: 'Call task' };

/** One step in words: what it does, and when it happened or will happen. */
const stepWords = (step: ReminderLadderStep, underWay: boolean): string => {
  const when = step.at ? formatDate(step.at) : null;
  if (step.state === 'OFF') return step.step === 'TEXT' ? 'Not texted: turned off in the settings above' : 'No call task: turned off in the settings above';
  if (step.state === 'DONE') {
    if (step.step === 'EMAIL') return `Sent ${when} and not answered yet`;
    return step.step === 'TEXT' ? `Texted ${when}` : `Given to the assigned team ${when}`;
  }
  if (step.step === 'EMAIL') return when ? `Next reminder day: ${when}` : 'No reminder day ahead';
  if (!when) return 'After the next reminder, if it goes unanswered';
  const unless = underWay ? 'unless they answer first' : 'if the email goes unanswered';
  return step.step === 'TEXT' ? `${when}, ${unless}` : `${when}, for the assigned team, ${unless}`;
};

const LadderSteps = ({ ladder }: { ladder: ReminderLadderView }) => {
  const underWay = ladder.unanswered_since !== null;
  const current = ladder.steps.findIndex((step) => step.state === 'PLANNED');
  return (
    <Steps
      direction="vertical"
      size="small"
      current={current === -1 ? ladder.steps.length : current}
      items={ladder.steps.map((step) => ({
        title: TITLES[step.step],
        description: stepWords(step, underWay),
        status: step.state === 'DONE' ? 'finish' : step.state === 'OFF' ? 'wait' : current === ladder.steps.indexOf(step) ? 'process' : 'wait',
      }))}
    />
  );
};

/**
 * The client's reminder schedule as it stands: the next reminder day, and the text and call task that follow while the
 * client leaves their questions unanswered (an answer ends the climb). Set in the settings above.
 */
export const ReminderLadderCard = ({ companyPk }: { companyPk: number }) => {
  const ladder = useReminderLadder(companyPk);
  return (
    <Card title="Reminder schedule" variant="outlined" loading={ladder.isPending}>
      {ladder.isError ? <QueryError error={ladder.error} title="Could not load the reminder schedule" onRetry={() => void ladder.refetch()} /> : null}
      {ladder.data && !ladder.data.enabled ? <Typography.Paragraph>Reminders are off for this client: nothing is sent on a schedule.</Typography.Paragraph> : null}
      {ladder.data?.enabled ? (
        <>
          <Typography.Paragraph type="secondary">
            {ladder.data.unanswered_since
              ? `This client has left their questions unanswered since ${formatDate(ladder.data.unanswered_since)}.`
              : 'This client is not behind. If they leave the next reminder unanswered, this follows:'}
          </Typography.Paragraph>
          <LadderSteps ladder={ladder.data} />
          {ladder.data.never_texted.length > 0 ? (
            <Alert type="info" showIcon message={`Never texted: ${ladder.data.never_texted.join(', ')} (marked in their details below).`} />
          ) : null}
        </>
      ) : null}
    </Card>
  );
};
