import { Alert } from 'antd';
import dayjs from 'dayjs';
import { isAccountantSide } from '@herd/contract';
import { routes } from '../../../lib/routes';
import { ButtonLink } from '../../../ui/button-link';
import { useProfile } from '../../auth/api';
import { useBillingInfo } from '../api';

/** The countdown starts this many days before the trial ends, when the first reminder email goes. */
export const TRIAL_COUNTDOWN_DAYS = 7;

/** Whole calendar days, in the viewer's zone, from today to the trial's last day (0: it ends today). */
export const trialDaysLeft = (trialEndsAt: string, now: Date = new Date()) => dayjs(trialEndsAt).startOf('day').diff(dayjs(now).startOf('day'), 'day');

const endsIn = (days: number) => (days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${String(days)} days`);

/**
 * Above the accountant's pages during the last week of a trial: how long is left and a way to pay.
 * Only a firm admin is told (only they may add a card, and only they are given the trial's end);
 * a firm that has paid, or whose trial already ended (the read-only banner takes over), sees nothing.
 */
export const TrialCountdownBanner = ({ now }: { now?: Date }) => {
  const profile = useProfile();
  const info = useBillingInfo().data;
  if (!info || info.status !== 'TRIAL' || info.read_only || !info.can_manage || !info.trial_ends_at) return null;
  if (!isAccountantSide(profile.account_type)) return null;
  const days = trialDaysLeft(info.trial_ends_at, now);
  if (days > TRIAL_COUNTDOWN_DAYS) return null;
  return (
    <Alert
      banner
      showIcon
      type="info"
      title={`Your trial ends ${endsIn(days)}`}
      description="Add a card to keep working; after the trial an unpaid firm becomes read-only."
      action={
        <ButtonLink size="small" type="primary" to={routes.settings.accountantBilling}>
          Add a card
        </ButtonLink>
      }
    />
  );
};
