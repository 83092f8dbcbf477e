import { Checkbox, Flex, Select, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTouchDevice } from '../../../lib/use-touch-device';
import { useClient } from '../../clients/api';
import type { PendingGrant, XeroOrganisation } from '../api';
import type { OrganisationChoice, Placement } from '../organisation-choices';

interface OrganisationCardProps {
  organisation: XeroOrganisation;
  /** The firm's companies an organisation may be linked to. */
  companies: PendingGrant['companies'];
  choice: OrganisationChoice;
  /** Companies other ticked organisations go to, not offered here. */
  taken: ReadonlySet<number>;
  error?: string;
  onChange: (choice: OrganisationChoice) => void;
}

/** What happens to the organisation as chosen, in a sentence under the choice. */
const outcomeOf = (organisation: XeroOrganisation, choice: OrganisationChoice, connectedName: string | null, companyName: string | undefined): string => {
  if (!choice.included) return connectedName ? `Left out: Herd disconnects it from ${connectedName}.` : 'Left out: Herd does not connect it.';
  if (choice.placement === 'new') return `Herd adds a client company named ${organisation.name}.`;
  if (choice.placement === organisation.connected_company) return 'Already connected: choosing it again reconnects it.';
  return `Herd connects ${companyName ?? 'this client company'} to it.`;
};

/** One organisation of the consent: ticked or left out, and the client company it becomes or joins. */
export const OrganisationCard = ({ organisation, companies, choice, taken, error, onChange }: OrganisationCardProps) => {
  // On a phone the list opens without the keyboard over it; with a keyboard, typing finds a company among many.
  const touch = useTouchDevice();
  const connectedPk = organisation.connected_company;
  const listed = companies.find((c) => c.pk === connectedPk);
  // The company it is connected to is not always among those offered (it is connected to a ledger already): its name is read on its own.
  const connected = useClient(connectedPk !== null && !listed ? connectedPk : null);
  const connectedName = connectedPk === null ? null : (listed?.name ?? connected.data?.name ?? 'its client company');
  const options: { value: Placement; label: string; disabled?: boolean }[] = [
    { value: 'new', label: 'New client company' },
    ...(connectedPk !== null && !listed ? [{ value: connectedPk, label: `${connectedName} (connected)` }] : []),
    ...companies.map((c) => ({ value: c.pk, label: c.pk === connectedPk ? `${c.name} (connected)` : c.name, disabled: taken.has(c.pk) })),
  ];
  const companyName = companies.find((c) => c.pk === choice.placement)?.name;

  return (
    <li aria-label={organisation.name} style={{ listStyle: 'none', padding: 16, border: '1px solid #e3e8e5', borderRadius: 8, background: '#fff', minWidth: 0 }}>
      <Flex vertical gap={8}>
        <Checkbox checked={choice.included} onChange={(event) => onChange({ ...choice, included: event.target.checked })}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {organisation.name}
          </Typography.Text>
        </Checkbox>
        {connectedName ? (
          <Typography.Text type="success" style={{ overflowWrap: 'anywhere' }}>
            <CheckCircleOutlined style={{ marginInlineEnd: 6 }} />
            Connected to {connectedName}
          </Typography.Text>
        ) : null}
        <Select<Placement>
          aria-label={`Client company for ${organisation.name}`}
          value={choice.placement}
          options={options}
          disabled={!choice.included}
          onChange={(placement) => onChange({ ...choice, placement })}
          showSearch={touch ? false : { optionFilterProp: 'label' }}
          status={error ? 'error' : undefined}
          style={{ width: '100%' }}
        />
        <Typography.Text type="secondary">{outcomeOf(organisation, choice, connectedName, companyName)}</Typography.Text>
        {error ? (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        ) : null}
      </Flex>
    </li>
  );
};
