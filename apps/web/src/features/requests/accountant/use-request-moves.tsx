import { useState } from 'react';
import { App } from 'antd';
import { useServerError } from '../../../ui/use-server-error';
import type { RequestMoveName } from '../components/request-moves';
import { requestCountWord } from '../components/request-words';
import { useRequestMove } from './api';
import { SendBackModal } from './send-back-modal';

const DONE: Record<RequestMoveName, string> = {
  accept: 'accepted',
  back: 'sent back to the client',
  reopen: 'reopened',
  clear_error: 'cleared of their sync error',
  cancel: 'cancelled',
  hide: 'hidden',
  unhide: 'back in the lists',
};

/** Runs the accountant's moves on one or many requests, says what happened, and asks for the send-back message first. */
export const useRequestMoves = (companyPk: number, afterMove?: () => void) => {
  const mutation = useRequestMove(companyPk);
  const showError = useServerError();
  const { message } = App.useApp();
  const [sendingBack, setSendingBack] = useState<number[] | null>(null);
  const said = (move: RequestMoveName, pks: number[]) => () => {
    afterMove?.();
    void message.success(pks.length === 1 && move === 'clear_error' ? 'Sync error cleared.' : `${requestCountWord(pks.length)} ${DONE[move]}.`);
  };
  const run = (move: RequestMoveName, pks: number[]) => {
    if (move === 'back') return setSendingBack(pks);
    mutation.mutate({ action: move, pks }, { onSuccess: said(move, pks), onError: (error) => showError(error) });
  };
  const sendBack = (text: string) => {
    if (!sendingBack) return;
    const pks = sendingBack;
    mutation.mutate(
      { action: 'back', pks, message: text },
      {
        onSuccess: () => {
          setSendingBack(null);
          said('back', pks)();
        },
        onError: (error) => showError(error, 'Could not send back'),
      },
    );
  };
  const modal = <SendBackModal pks={sendingBack} sending={mutation.isPending} onSend={sendBack} onClose={() => setSendingBack(null)} />;
  return { run, busy: mutation.isPending, modal };
};
