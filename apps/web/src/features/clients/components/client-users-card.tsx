import { useState } from 'react';
import { App, Button, Card, Dropdown, Empty, Flex, Table, Tag, Typography, type MenuProps, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, LinkOutlined, MoreOutlined, NotificationOutlined, UserAddOutlined } from '@ant-design/icons';
import { type ClientCompany, type ClientUser, type ClientUserInviteBody } from '@herd/contract';
import { countText, personName } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { InvitePersonModal, type PersonValues } from '../../../ui/invite-person-modal';
import { useInvitationWords } from '../../../ui/use-invitation-words';
import { QueryError } from '../../../ui/query-error';
import { useServerError } from '../../../ui/use-server-error';
import { useClientUsers, useInviteClientUser, useRemoveClientUser } from '../api';
import { CLIENT_USERS_DEFAULTS, CLIENT_USERS_PARAMS, CLIENT_USERS_PREFIX } from '../list-params';
import { useClientCommands } from './client-actions';
import { EditClientUserModal } from './edit-client-user-modal';
import { useMagicLinkCopier } from './magic-link-copier';
import { useChangeGuard } from '../../billing/read-only-guard';

/** The people who answer for one client company: invite, correct, remove, hand a sign-in link. */
export const ClientUsersCard = ({ company }: { company: ClientCompany }) => {
  const [{ page, page_size: pageSize }, setPaging] = useListParams(CLIENT_USERS_PARAMS, CLIENT_USERS_DEFAULTS, CLIENT_USERS_PREFIX);
  const users = useClientUsers(company.pk, { page, page_size: pageSize });
  const invite = useInviteClientUser();
  const remove = useRemoveClientUser();
  const copier = useMagicLinkCopier();
  const { confirmNotify } = useClientCommands();
  const { message, modal } = App.useApp();
  const showError = useServerError();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<ClientUser | null>(null);
  // Copying a sign-in link only reads; inviting, editing, removing and reminding change data.
  const guard = useChangeGuard();
  const change = { disabled: guard.disabled, title: guard.title };

  const invitation = useInvitationWords({
    emailedIntro: 'They get an email with a link that signs them in; no password needed.',
    handOn: 'Copy their magic link from the list and send it to them yourself.',
  });
  const onInvite = async (values: PersonValues) => {
    const body: ClientUserInviteBody = { ...values, client_company: company.pk };
    const user = await invite.mutateAsync(body);
    invitation.confirm(user.email);
  };

  const confirmRemove = (user: ClientUser) =>
    modal.confirm({
      title: `Remove ${personName(user)} from ${company.name}?`,
      content: 'They can no longer see this client. Someone with no other client loses their Herd account.',
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync({ userPk: user.pk, companyPk: company.pk });
          void message.success(`${personName(user)} removed`);
        } catch (error) {
          showError(error);
        }
      },
    });

  const rowMenu = (user: ClientUser): MenuProps => ({
    items: [
      { key: 'edit', icon: <EditOutlined />, label: 'Edit', ...change },
      { key: 'magic-link', icon: <LinkOutlined />, label: 'Copy magic link' },
      { type: 'divider' },
      { key: 'remove', icon: <DeleteOutlined />, label: 'Remove', danger: true, ...change },
    ],
    onClick: ({ key }) => {
      if (key === 'edit') setEditing(user);
      else if (key === 'magic-link') void copier.copyForUser(company.pk, user);
      else if (key === 'remove') confirmRemove(user);
    },
  });

  const columns: TableProps<ClientUser>['columns'] = [
    {
      title: 'Name',
      key: 'name',
      render: (_value: unknown, user) => (
        <Flex vertical>
          <Typography.Text strong>{personName(user)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {user.email}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Phone', dataIndex: 'phone', key: 'phone', render: (phone: string) => phone || <Typography.Text type="secondary">—</Typography.Text> },
    {
      title: 'Status',
      key: 'status',
      render: (_value: unknown, user) => (user.has_signed_in ? <Tag color="success">Signed in</Tag> : <Tag>Invited</Tag>),
    },
    {
      title: <span className="herd-visually-hidden">Actions</span>,
      key: 'actions',
      align: 'right',
      width: 64,
      render: (_value: unknown, user) => (
        <Dropdown menu={rowMenu(user)} trigger={['click']} placement="bottomRight">
          <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${personName(user)}`} />
        </Dropdown>
      ),
    },
  ];

  const count = users.data?.count ?? 0;
  const inviteButton = (
    <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)} {...guard}>
      Invite client user
    </Button>
  );

  return (
    <Card
      title="Client users"
      variant="outlined"
      extra={
        <Flex gap={8} wrap>
          <Button icon={<NotificationOutlined />} onClick={() => confirmNotify(company)} disabled={count === 0 || guard.disabled} title={guard.title}>
            Notify now
          </Button>
          {inviteButton}
        </Flex>
      }
    >
      {users.isError ? <QueryError error={users.error} title="Could not load the client’s users" onRetry={() => void users.refetch()} /> : null}
      {users.data && count === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No client users yet. Invite the people who will answer your questions about this client’s transactions."
        />
      ) : (
        <>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 12 }}>
            {users.data ? countText(count) : ' '}
          </Typography.Text>
          <Table<ClientUser>
            rowKey="pk"
            columns={columns}
            dataSource={users.data?.results ?? []}
            loading={users.isPending || (users.isFetching && users.isPlaceholderData)}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize,
              total: count,
              hideOnSinglePage: true,
              onChange: (next, size) => setPaging({ page: size === pageSize ? next : 1, page_size: size }),
            }}
          />
        </>
      )}
      <InvitePersonModal<PersonValues>
        open={inviting}
        name="invite-client-user"
        title={`Invite a client user to ${company.name}`}
        okText={invitation.okText}
        intro={invitation.intro}
        onSubmit={onInvite}
        onClose={() => setInviting(false)}
      />
      <EditClientUserModal user={editing} onClose={() => setEditing(null)} />
      {copier.element}
    </Card>
  );
};
