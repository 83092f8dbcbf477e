import {
  CheckCircleOutlined,
  CommentOutlined,
  ClockCircleOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
  FileDoneOutlined,
  FileImageOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  LinkOutlined,
  MessageOutlined,
  PauseCircleOutlined,
  PhoneOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { NotificationKind } from '@herd/contract';

/**
 * Each kind's sign beside its title, so the list can be scanned: what needs
 * chasing (overdue, a quiet client, a refused publish) stands out in warm colours.
 */
const ICONS: Record<NotificationKind, { Icon: typeof PhoneOutlined; color: string }> = {
  TRANSACTIONS_ANSWERED: { Icon: CheckCircleOutlined, color: '#4f8a6b' },
  NOTE: { Icon: MessageOutlined, color: '#4a6fa5' },
  NOTE_MENTION: { Icon: CommentOutlined, color: '#7b4fa5' },
  REQUEST_CREATED: { Icon: FileTextOutlined, color: '#4a6fa5' },
  REQUEST_ANSWERED: { Icon: FileDoneOutlined, color: '#4f8a6b' },
  RECEIPT_ARRIVED: { Icon: FileImageOutlined, color: '#4a6fa5' },
  RECEIPT_MATCHED: { Icon: LinkOutlined, color: '#4f8a6b' },
  SYNC_ERROR: { Icon: WarningOutlined, color: '#c0392b' },
  LEDGER_REAUTH: { Icon: DisconnectOutlined, color: '#c0392b' },
  CLIENT_UNRESPONSIVE: { Icon: PhoneOutlined, color: '#b7791f' },
  CLIENT_CALL_DUE: { Icon: PhoneOutlined, color: '#c0392b' },
  REQUEST_DUE: { Icon: ClockCircleOutlined, color: '#b7791f' },
  REQUEST_OVERDUE: { Icon: ExclamationCircleOutlined, color: '#c0392b' },
  DOCUMENTS_ADDED: { Icon: FolderOpenOutlined, color: '#4a6fa5' },
  RULE_PAUSED: { Icon: PauseCircleOutlined, color: '#b7791f' },
};

export const NotificationIcon = ({ kind }: { kind: NotificationKind }) => {
  const { Icon, color } = ICONS[kind];
  return (
    <span aria-hidden data-kind={kind} style={{ flex: '0 0 18px', fontSize: 16, lineHeight: '20px', color }}>
      <Icon />
    </span>
  );
};
