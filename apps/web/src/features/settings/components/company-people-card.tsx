import { useState } from 'react';
import { App, Button, Card, Flex, Table, Tag, Typography, type TableProps } from 'antd';
import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import type { ClientSideCompany, CompanyUser } from '@herd/contract';
import { countText, personName } from '../../../lib/format';
import { InvitePersonModal, type PersonValues } from '../../../ui/invite-person-modal';
import { useInvitationWords } from '../../../ui/use-invitation-words';
import { QueryError } from '../../../ui/query-error';
import { useServerError } from '../../../ui/use-server-error';
import { useCompanyPeople, useInviteClientCoworker, useRemoveClientCoworker } from '../../client-side/api';
import { useChangeGuard } from '../../billing/read-only-guard';

const ROLE_LABELS: Record<CompanyUser['role'], string> = { CLIENT: 'Client', CLIENT_COWORKER: 'Coworker' };

interface CompanyPeopleCardProps {
  company: ClientSideCompany;
  /** The signed-in user, marked "You" in the list. */
  selfPk: number;
}

/**
 * Who has access to one of the client's companies. The company's CLIENT may
 * invite and remove coworkers; a coworker sees the list only.
 */
export const CompanyPeopleCard = ({ company, selfPk }: CompanyPeopleCardProps) => {
  const people = useCompanyPeople(company.pk);
  const invite = useInviteClientCoworker();
  const remove = useRemoveClientCoworker();
  const { message, modal } = App.useApp();
  const showError = useServerError();
  const [inviting, setInviting] = useState(false);
  const guard = useChangeGuard();
  const manages = company.role === 'CLIENT';

  const invitation = useInvitationWords({
    emailedIntro: 'They get an email with a link that signs them in; no password needed.',
    handOn: 'Ask your accountant for a sign-in link to send them.',
  });
  const onInvite = async (values: PersonValues) => {
    const person = await invite.mutateAsync({ ...values, client_company: company.pk });
    invitation.confirm(person.email);
  };

  const confirmRemove = (person: CompanyUser) =>
    modal.confirm({
      title: `Remove ${personName(person)} from ${company.name}?`,
      content: 'They can no longer see this company in Herd.',
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync({ userPk: person.pk, companyPk: company.pk });
          void message.success(`${personName(person)} removed`);
        } catch (error) {
          showError(error);
        }
      },
    });

  const columns: TableProps<CompanyUser>['columns'] = [
    {
      title: 'Name',
      key: 'name',
      render: (_value: unknown, person) => (
        <Flex vertical>
          <Typography.Text strong>
            {personName(person)} {person.pk === selfPk ? <Tag>You</Tag> : null}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {person.email}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Role', key: 'role', render: (_value: unknown, person) => ROLE_LABELS[person.role] },
    {
      title: 'Status',
      key: 'status',
      render: (_value: unknown, person) => (person.has_signed_in ? <Tag color="success">Signed in</Tag> : <Tag>Invited</Tag>),
    },
  ];
  if (manages) {
    columns.push({
      title: <span className="herd-visually-hidden">Actions</span>,
      key: 'actions',
      align: 'right',
      // Only coworkers can be removed here; the company's own client stays.
      render: (_value: unknown, person) =>
        person.role === 'CLIENT_COWORKER' ? (
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${personName(person)}`} onClick={() => confirmRemove(person)} {...guard} />
        ) : null,
    });
  }

  return (
    <Card
      title={`People at ${company.name}`}
      variant="outlined"
      extra={
        manages ? (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)} {...guard}>
            Invite coworker
          </Button>
        ) : null
      }
    >
      {people.isError ? <QueryError error={people.error} title="Could not load who has access" onRetry={() => void people.refetch()} /> : null}
      <Typography.Paragraph type="secondary">
        {people.data ? `${countText(people.data.length, 'person', 'people')} can see ${company.name} in Herd. ` : null}
        {manages ? 'Invite coworkers who can help answer your accountant.' : 'Ask the company’s client to invite or remove people.'}
      </Typography.Paragraph>
      <Table<CompanyUser> rowKey="pk" columns={columns} dataSource={people.data ?? []} loading={people.isPending} pagination={false} />
      <InvitePersonModal<PersonValues>
        open={inviting}
        name={`invite-client-coworker-${company.pk}`}
        title={`Invite a coworker to ${company.name}`}
        okText={invitation.okText}
        intro={invitation.intro}
        onSubmit={onInvite}
        onClose={() => setInviting(false)}
      />
    </Card>
  );
};
