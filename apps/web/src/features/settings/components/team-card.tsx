import { useState } from 'react';
import { App, Button, Card, Flex, Form, Radio, Select, Table, Tag, Typography, type TableProps } from 'antd';
import { DeleteOutlined, LinkOutlined, MailOutlined, UserAddOutlined } from '@ant-design/icons';
import { coworkerInviteBody, FIRM_ROLES, type Coworker, type CoworkerInviteBody, type FirmRole } from '@herd/contract';
import { countText, personName } from '../../../lib/format';
import { zodRule } from '../../../lib/form-rules';
import { FIRM_ROLE_HELP, FIRM_ROLE_LABELS } from '../../../lib/labels';
import { useInstallation } from '../../../lib/client-config';
import { InvitePersonModal } from '../../../ui/invite-person-modal';
import { useInvitationWords } from '../../../ui/use-invitation-words';
import { QueryError } from '../../../ui/query-error';
import { useLinkCopier } from '../../../ui/use-link-copier';
import { useServerError } from '../../../ui/use-server-error';
import { MemberMfaActions, MemberMfaTag } from './member-mfa';
import { useCoworkerInvitationLink, useCoworkers, useInviteCoworker, useRemoveCoworker, useResendCoworkerInvitation, useUpdateCoworker } from '../../team/api';
import { useChangeGuard } from '../../billing/read-only-guard';

const ROLE_OPTIONS = FIRM_ROLES.map((role) => ({ value: role, label: FIRM_ROLE_LABELS[role] }));

const RoleField = () => (
  <Form.Item label="Role" name="role" rules={[zodRule(coworkerInviteBody.shape.role)]}>
    <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {FIRM_ROLES.map((role) => (
        <Radio key={role} value={role}>
          <Typography.Text strong>{FIRM_ROLE_LABELS[role]}</Typography.Text> <Typography.Text type="secondary">{FIRM_ROLE_HELP[role]}</Typography.Text>
        </Radio>
      ))}
    </Radio.Group>
  </Form.Item>
);

interface TeamCardProps {
  /** The signed-in user's firm member pk: nobody removes themselves. */
  selfPk: number;
  /** Inviting, changing roles and removing are for FIRM_ADMIN. */
  canAdminister: boolean;
}

/** The firm's people, their roles and their two-step verification (an admin can require or reset it). */
export const TeamCard = ({ selfPk, canAdminister }: TeamCardProps) => {
  const team = useCoworkers();
  const invite = useInviteCoworker();
  const update = useUpdateCoworker();
  const remove = useRemoveCoworker();
  const resend = useResendCoworkerInvitation();
  const { emailDelivery } = useInstallation();
  const invitationLink = useCoworkerInvitationLink();
  const linkCopier = useLinkCopier();
  const { message, modal } = App.useApp();
  const showError = useServerError();
  const [inviting, setInviting] = useState(false);

  // Every change to the team waits while the firm is read-only (the server refuses it).
  const guard = useChangeGuard();
  const invitation = useInvitationWords({
    emailedIntro: 'They get an email with a link that signs them in.',
    handOn: 'Copy their invitation link from the team list and send it to them yourself.',
  });
  const onInvite = async (values: CoworkerInviteBody) => {
    const coworker = await invite.mutateAsync(values);
    invitation.confirm(coworker.email);
  };

  const changeRole = (coworker: Coworker, role: FirmRole) =>
    update.mutate(
      { pk: coworker.pk, body: { role } },
      {
        onSuccess: () => void message.success(`${personName(coworker)} is now ${FIRM_ROLE_LABELS[role].toLowerCase()}`),
        // The server refuses to demote the last firm admin (a field error on `role`).
        onError: (error) => showError(error),
      },
    );

  // An invitation not yet taken up can be mailed again, or its link handed on by hand, as for a client's people.
  const resendInvitation = (coworker: Coworker) =>
    resend.mutate(coworker.pk, { onSuccess: (answer) => void message.success(answer.detail), onError: (error) => showError(error) });

  const copyInvitationLink = async (coworker: Coworker) => {
    try {
      const { url } = await invitationLink.mutateAsync(coworker.pk);
      await linkCopier.copy(url, `Invitation link for ${personName(coworker)}`);
    } catch (error) {
      showError(error, 'Could not get an invitation link');
    }
  };

  const confirmRemove = (coworker: Coworker) =>
    modal.confirm({
      title: `Remove ${personName(coworker)} from the firm?`,
      content: 'Their Herd account is deleted and they lose access to every client.',
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(coworker.pk);
          void message.success(`${personName(coworker)} removed`);
        } catch (error) {
          showError(error);
        }
      },
    });

  const columns: TableProps<Coworker>['columns'] = [
    {
      title: 'Name',
      key: 'name',
      render: (_value: unknown, coworker) => (
        <Flex vertical>
          <Typography.Text strong>
            {personName(coworker)} {coworker.pk === selfPk ? <Tag>You</Tag> : null}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {coworker.email}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Role',
      key: 'role',
      render: (_value: unknown, coworker) =>
        canAdminister ? (
          <Select
            aria-label={`Role of ${personName(coworker)}`}
            value={coworker.role}
            options={ROLE_OPTIONS}
            onChange={(role) => changeRole(coworker, role)}
            disabled={guard.disabled || (update.isPending && update.variables?.pk === coworker.pk)}
            title={guard.title}
            style={{ width: 170 }}
            size="middle"
          />
        ) : (
          FIRM_ROLE_LABELS[coworker.role]
        ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_value: unknown, coworker) => (coworker.has_signed_in ? <Tag color="success">Signed in</Tag> : <Tag>Invited</Tag>),
    },
  ];
  columns.push({ title: 'Two-step verification', key: 'mfa', render: (_value: unknown, coworker) => <MemberMfaTag coworker={coworker} /> });
  if (canAdminister) {
    columns.push({
      title: <span className="herd-visually-hidden">Actions</span>,
      key: 'actions',
      align: 'right',
      render: (_value: unknown, coworker) =>
        coworker.pk === selfPk ? null : (
          <Flex gap={4} justify="flex-end" align="center">
            <MemberMfaActions coworker={coworker} />
            {coworker.has_signed_in ? null : (
              <>
                {/* Mailing it again is offered only where the server said its emails reach people; the link always is. */}
                {emailDelivery ? (
                  <Button
                    type="text"
                    icon={<MailOutlined />}
                    aria-label={`Resend the invitation to ${personName(coworker)}`}
                    title={guard.title ?? 'Resend invitation'}
                    disabled={guard.disabled}
                    loading={resend.isPending && resend.variables === coworker.pk}
                    onClick={() => resendInvitation(coworker)}
                  />
                ) : null}
                <Button
                  type="text"
                  icon={<LinkOutlined />}
                  aria-label={`Copy the invitation link of ${personName(coworker)}`}
                  title={guard.title ?? 'Copy invitation link'}
                  disabled={guard.disabled}
                  loading={invitationLink.isPending && invitationLink.variables === coworker.pk}
                  onClick={() => void copyInvitationLink(coworker)}
                />
              </>
            )}
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${personName(coworker)}`} onClick={() => confirmRemove(coworker)} {...guard} />
          </Flex>
        ),
    });
  }

  return (
    <Card
      title="Team"
      variant="outlined"
      extra={
        canAdminister ? (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)} {...guard}>
            Invite coworker
          </Button>
        ) : null
      }
    >
      {team.isError ? <QueryError error={team.error} title="Could not load your team" onRetry={() => void team.refetch()} /> : null}
      <Typography.Paragraph type="secondary">
        {team.data ? `${countText(team.data.length, 'person', 'people')}. ` : null}
        {canAdminister ? 'Team members see only the clients assigned to them.' : 'Only firm admins can invite coworkers or change roles.'}
      </Typography.Paragraph>
      <Table<Coworker> rowKey="pk" columns={columns} dataSource={team.data ?? []} loading={team.isPending} pagination={false} scroll={{ x: 'max-content' }} />
      <InvitePersonModal<CoworkerInviteBody>
        open={inviting}
        name="invite-coworker"
        title="Invite a coworker"
        okText={invitation.okText}
        intro={invitation.intro}
        initialValues={{ role: 'TEAM_MEMBER' }}
        extraFields={<RoleField />}
        extraFieldNames={['role']}
        onSubmit={onInvite}
        onClose={() => setInviting(false)}
      />
      {linkCopier.element}
    </Card>
  );
};
