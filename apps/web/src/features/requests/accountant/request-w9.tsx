import { useState } from 'react';
import { Button, Descriptions, Flex, Typography } from 'antd';
import type { CommunicationW9 } from '@herd/contract';
import { formatDateTime } from '../../../lib/format';
import { useServerError } from '../../../ui/use-server-error';
import { RequestFiles } from '../components/request-files';
import { W9_TAX_CLASSIFICATION_LABELS } from '../components/request-words';
import { revealTin } from './api';

/** The TIN masked, and the whole number on a click (each reveal is audited, so it is never fetched ahead). */
const Tin = ({ communicationPk, w9 }: { communicationPk: number; w9: CommunicationW9 }) => {
  const [whole, setWhole] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const showError = useServerError();
  const reveal = () => {
    setBusy(true);
    revealTin(communicationPk)
      .then(
        (answer) => setWhole(answer.tin),
        (error: unknown) => showError(error, 'Could not reveal the TIN'),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text code aria-label="TIN">
        {whole ?? w9.tin_masked}
      </Typography.Text>
      {whole ? (
        <Button key="hide" size="small" onClick={() => setWhole(null)}>
          Hide number
        </Button>
      ) : (
        <Button key="reveal" size="small" onClick={reveal} loading={busy}>
          Reveal
        </Button>
      )}
    </Flex>
  );
};

/** The W-9 the client gave: the form's lines, or their signed form. */
export const RequestW9 = ({ communicationPk, vendor, w9 }: { communicationPk: number; vendor: string; w9: CommunicationW9 | null }) => {
  if (w9 === null) return <Typography.Text type="secondary">The client has not given {vendor ? `${vendor}’s` : 'the'} W-9 yet.</Typography.Text>;
  if (w9.signed_form) {
    return (
      <Flex vertical gap={4}>
        <Typography.Text>A signed form, given {formatDateTime(w9.submitted_at)}:</Typography.Text>
        <RequestFiles files={[w9.signed_form]} />
      </Flex>
    );
  }
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'legal', label: 'Legal name', children: w9.legal_name },
        ...(w9.business_name ? [{ key: 'business', label: 'Business name', children: w9.business_name }] : []),
        { key: 'class', label: 'Tax classification', children: w9.tax_classification ? W9_TAX_CLASSIFICATION_LABELS[w9.tax_classification] : '—' },
        { key: 'address', label: 'Address', children: `${w9.address_line}, ${w9.city}, ${w9.state} ${w9.postal_code}` },
        {
          key: 'tin',
          label: w9.tin_kind === 'EIN' ? 'EIN' : 'SSN',
          children: <Tin communicationPk={communicationPk} w9={w9} />,
        },
        { key: 'when', label: 'Given', children: formatDateTime(w9.submitted_at) },
      ]}
    />
  );
};
