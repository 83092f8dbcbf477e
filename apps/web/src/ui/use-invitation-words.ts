import { App } from 'antd';
import { useInstallation } from '../lib/client-config';

/** Said where no email leaves this installation, before and after someone is invited. */
export const NO_INVITATION_EMAIL = 'This Herd installation can’t send email yet, so no invitation email goes out.';

interface InvitationWords {
  /** What the invitation dialog says above its fields. */
  intro: string;
  okText: string;
  /** Tells the inviter what happened once the person is added. */
  confirm: (email: string) => void;
}

/**
 * How an invitation is offered and confirmed. Where the server said its emails reach people, it is
 * sent (`emailedIntro`, "Invitation sent to …"); elsewhere nothing claims an email: the person is
 * added, and the inviter is told how to hand the way in on themselves (`handOn`).
 */
export const useInvitationWords = ({ emailedIntro, handOn }: { emailedIntro: string; handOn: string }): InvitationWords => {
  const { emailDelivery } = useInstallation();
  const { message } = App.useApp();
  if (emailDelivery) return { intro: emailedIntro, okText: 'Send invitation', confirm: (email) => void message.success(`Invitation sent to ${email}`) };
  return {
    intro: `${NO_INVITATION_EMAIL} ${handOn}`,
    okText: 'Add',
    confirm: (email) => void message.warning({ content: `${email} is added, but no invitation email went out. ${handOn}`, duration: 10 }),
  };
};
