import { useState } from 'react';
import { App, Button, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { xeroSelectClientBody } from '@herd/contract';
import { errorStatus } from '../../../lib/api-errors';
import { serverErrorText } from '../../../lib/form-errors';
import { countText, formatDateTime } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { ButtonLink } from '../../../ui/button-link';
import { FormAlert } from '../../../ui/form-alert';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useSelectClient, type PendingGrant } from '../api';
import { initialChoices, placementErrors, selectClientBody, takenElsewhere, type Choices } from '../organisation-choices';
import { OrganisationCard } from './organisation-card';

interface OrganisationsFormProps {
  grant: string;
  pending: PendingGrant;
  /** The consent went while the person chose (404): the page says so instead. */
  onExpired: (detail: string) => void;
}

const NO_ERRORS = { byOrganisation: {}, rest: null };

/** Every organisation of the consent with its choice, and the one submit that places them all. */
export const OrganisationsForm = ({ grant, pending, onExpired }: OrganisationsFormProps) => {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const phone = usePhoneLayout();
  const select = useSelectClient();
  const [choices, setChoices] = useState<Choices>(() => initialChoices(pending.organisations));
  const [errors, setErrors] = useState<{ byOrganisation: Record<string, string>; rest: string | null }>(NO_ERRORS);
  const ticked = pending.organisations.filter((o) => choices[o.tenant_id]?.included).length;

  const submit = () => {
    const body = selectClientBody(grant, pending.organisations, choices);
    // The contract's own words for a choice it would refuse ("Choose at least one organisation.").
    const checked = xeroSelectClientBody.safeParse(body);
    if (!checked.success) return setErrors({ byOrganisation: {}, rest: checked.error.issues[0]?.message ?? null });
    setErrors(NO_ERRORS);
    select.mutate(body, {
      onSuccess: ({ connected }) => {
        void message.success(`${countText(connected.length, 'Xero organisation')} connected. Herd is pulling their transactions in the background.`);
        void navigate(routes.accountant.clients);
      },
      onError: (error) => (errorStatus(error) === 404 ? onExpired(serverErrorText(error)) : setErrors(placementErrors(error, body))),
    });
  };

  return (
    <ChangesOnly>
      <Flex vertical gap={16}>
        <FormAlert message={errors.rest} />
        <ul aria-label="Xero organisations" style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
          {pending.organisations.map((organisation) => (
            <OrganisationCard
              key={organisation.tenant_id}
              organisation={organisation}
              companies={pending.companies}
              choice={choices[organisation.tenant_id] ?? { included: true, placement: 'new' }}
              taken={takenElsewhere(organisation.tenant_id, choices)}
              error={errors.byOrganisation[organisation.tenant_id]}
              onChange={(choice) => setChoices((all) => ({ ...all, [organisation.tenant_id]: choice }))}
            />
          ))}
        </ul>
        <Typography.Text type="secondary">Choose before {formatDateTime(pending.expires_at)}; after that, Xero has to be connected again.</Typography.Text>
        <Flex gap={8} wrap vertical={phone}>
          {/* Still spinning after the answer: the clients list is on its way. */}
          <Button type="primary" block={phone} loading={select.isPending || select.isSuccess} onClick={submit}>
            {ticked > 0 ? `Connect ${countText(ticked, 'organisation')}` : 'Connect'}
          </Button>
          <ButtonLink to={routes.accountant.clients} block={phone}>
            Not now
          </ButtonLink>
        </Flex>
      </Flex>
    </ChangesOnly>
  );
};
