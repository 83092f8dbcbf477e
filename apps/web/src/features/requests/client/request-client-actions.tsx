import { Alert, App, Button } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import type { Communication } from '@herd/contract';
import { useServerError } from '../../../ui/use-server-error';
import { useHideRequests, useTakeBackAnswers, type ClientRequestList } from './client-requests-api';

interface ActionProps {
  companyPk: number;
  request: Communication;
  onDone: () => void;
}

/**
 * An answered request the accountant has not accepted yet: the client may take it back to change
 * their answers (it waits on them again, the answers kept).
 */
export const AnsweredNotice = ({ companyPk, request, onDone, canAct }: ActionProps & { canAct: boolean }) => {
  const { message } = App.useApp();
  const showError = useServerError();
  const takeBack = useTakeBackAnswers(companyPk);
  // Followed on the promise, not mutate's callbacks: the list read again after the change shows the request waiting on the
  // client, which takes this notice off the screen, and mutate's callbacks are dropped with it (nothing said, drawer left open).
  const onTakeBack = () =>
    takeBack.mutateAsync([request.pk]).then(
      () => {
        void message.success(`“${request.subject}” is back with you: change your answers and send it again.`);
        onDone();
      },
      (error: unknown) => showError(error, 'Could not take it back'),
    );
  return (
    <Alert
      type="info"
      showIcon
      title="Answered: your accountant is reviewing it."
      description={canAct ? 'Something to change? Take it back before they accept it, then send it again.' : undefined}
      action={
        canAct ? (
          <Button size="small" icon={<RollbackOutlined />} loading={takeBack.isPending} onClick={onTakeBack}>
            Take back
          </Button>
        ) : undefined
      }
      style={{ flexWrap: 'wrap', rowGap: 8 }}
    />
  );
};

/**
 * Hide a finished or cancelled request from the client's own list, or show a hidden one there again.
 * Only the list changes: the accountant still has it, and so does the Hidden list.
 */
export const HideFromList = ({ companyPk, request, onDone, list }: ActionProps & { list: ClientRequestList }) => {
  const { message } = App.useApp();
  const showError = useServerError();
  const hide = useHideRequests(companyPk);
  const hidden = list === 'hidden';
  // On the promise, as Take back: the request leaving the list read again must not silence what is said.
  const onClick = () =>
    hide.mutateAsync({ pks: [request.pk], hidden: !hidden }).then(
      () => {
        void message.success(hidden ? `“${request.subject}” is back in your completed requests.` : `“${request.subject}” hidden. Find it under Hidden.`);
        onDone();
      },
      (error: unknown) => showError(error, hidden ? 'Could not show it again' : 'Could not hide it'),
    );
  return (
    <Button icon={hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />} loading={hide.isPending} onClick={onClick} style={{ alignSelf: 'flex-start' }}>
      {hidden ? 'Show in my list again' : 'Hide from my list'}
    </Button>
  );
};
