import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { isAccountantSide } from '@herd/contract';
import { useSession } from '../auth/api';
import { useBillingInfo } from './api';

/** The tooltip on a disabled control: short, and for a client without talk of money. */
export const FIRM_READ_ONLY_TITLE = 'Read-only: the subscription needs attention';
export const CLIENT_READ_ONLY_TITLE = 'Read-only: your accountant’s Herd account is paused';

export interface ReadOnlyState {
  /** The firm's subscription lapsed: the server refuses every change but billing, sign-in and one's own profile. */
  readOnly: boolean;
  /** Why a control is disabled, for its `title`. */
  title: string;
}

/**
 * Whether the signed-in person's firm is read-only, from the billing info the layout already reads
 * (cached, so asking again costs nothing). While it loads or could not be read the controls stay
 * enabled: the server still refuses the change and says why.
 */
export const useReadOnly = (): ReadOnlyState => {
  const session = useSession();
  const info = useBillingInfo();
  const accountant = session.profile ? isAccountantSide(session.profile.account_type) : true;
  return { readOnly: info.data?.read_only === true, title: accountant ? FIRM_READ_ONLY_TITLE : CLIENT_READ_ONLY_TITLE };
};

/**
 * Props for a control that changes the firm's data (a button, a switch, a menu item): disabled, with
 * the reason as its tooltip, while the firm is read-only; nothing otherwise. Spread before the
 * control's own `disabled` only when that one is about something else: `disabled={guard.disabled || !dirty}`.
 */
export const useChangeGuard = (): { disabled: boolean; title?: string } => {
  const { readOnly, title } = useReadOnly();
  return readOnly ? { disabled: true, title } : { disabled: false };
};

/**
 * A part of a screen that only changes data (a form, an editor, an upload area): every antd control
 * inside is disabled while the firm is read-only, through antd's own disabled context, so a field
 * added later is covered too. A control's own `disabled` prop wins over the context, so one that sets
 * it for another reason says both (`disabled={readOnly || !dirty}`); one that only reads (a download)
 * opts out with `disabled={false}`.
 */
export const ChangesOnly = ({ children }: { children: ReactNode }) => {
  const { readOnly, title } = useReadOnly();
  // The same elements either way, so the form inside keeps its state when the billing info arrives.
  return (
    <ConfigProvider componentDisabled={readOnly}>
      <div style={{ display: 'contents' }} title={readOnly ? title : undefined} data-read-only={readOnly ? 'true' : undefined}>
        {children}
      </div>
    </ConfigProvider>
  );
};
