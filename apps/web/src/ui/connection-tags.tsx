import { Tag } from 'antd';
import { DisconnectOutlined, WarningOutlined } from '@ant-design/icons';
import type { ConnectionKind, ConnectionState } from '@herd/contract';
import { CONNECTION_KIND_LABELS, CONNECTION_STATE_LABELS } from '../lib/labels';

/**
 * A client's ledger and whether it still works. Trouble (disconnected, or
 * the ledger wants a new sign-in) stands out; a company without a ledger
 * has no connection to speak of while all is well.
 */
export const ConnectionTags = ({ kind, state }: { kind: ConnectionKind; state: ConnectionState }) => (
  <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
    <Tag variant="outlined" style={{ marginInlineEnd: 0 }}>
      {CONNECTION_KIND_LABELS[kind]}
    </Tag>
    {state === 'DISCONNECTED' ? (
      <Tag color="error" icon={<DisconnectOutlined />} style={{ marginInlineEnd: 0 }}>
        {CONNECTION_STATE_LABELS.DISCONNECTED}
      </Tag>
    ) : state === 'NEEDS_REAUTH' ? (
      <Tag color="warning" icon={<WarningOutlined />} style={{ marginInlineEnd: 0 }}>
        {CONNECTION_STATE_LABELS.NEEDS_REAUTH}
      </Tag>
    ) : kind === 'CONNECTIONLESS' ? null : (
      <Tag color="success" style={{ marginInlineEnd: 0 }}>
        {CONNECTION_STATE_LABELS.CONNECTED}
      </Tag>
    )}
  </span>
);
