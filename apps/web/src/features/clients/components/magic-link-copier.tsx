import { useState } from 'react';
import { App, Modal, Radio, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ClientUser } from '@herd/contract';
import { personName } from '../../../lib/format';
import { useLinkCopier } from '../../../ui/use-link-copier';
import { useServerError } from '../../../ui/use-server-error';
import { allClientUsersQuery, useGetMagicLink } from '../api';

export const NO_USERS_TEXT = 'Invite a client user first';

interface CompanyLike {
  pk: number;
  name: string;
  client_users_count: number;
}

/**
 * "Copy magic link": asks the server for a sign-in link of one client user
 * and puts it on the clipboard. With several users the accountant picks one;
 * when the browser refuses the clipboard, the link is shown to copy by hand.
 * Render `element` once where the hook is used.
 */
export const useMagicLinkCopier = () => {
  const client = useQueryClient();
  const getLink = useGetMagicLink();
  const { message } = App.useApp();
  const showError = useServerError();
  const [picking, setPicking] = useState<{ company: CompanyLike; users: ClientUser[] } | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const linkCopier = useLinkCopier();

  const copyForUser = async (companyPk: number, user: ClientUser) => {
    try {
      const { url } = await getLink.mutateAsync({ companyPk, userPk: user.pk });
      // Someone only invited so far gets in by it too: opening it accepts the invitation, even before its email went out.
      const title = user.has_signed_in ? `Sign-in link for ${personName(user)}` : `Invitation link for ${personName(user)}`;
      await linkCopier.copy(url, title);
    } catch (error) {
      showError(error, 'Could not get a sign-in link');
    }
  };

  const copyFor = async (company: CompanyLike) => {
    const noUsers = () => void message.warning(`${NO_USERS_TEXT}: nobody at ${company.name} can sign in yet.`);
    if (company.client_users_count === 0) return noUsers();
    let users: ClientUser[];
    try {
      users = (await client.fetchQuery(allClientUsersQuery(company.pk))).results;
    } catch (error) {
      showError(error, 'Could not load the client’s users');
      return;
    }
    const [only] = users;
    if (!only) return noUsers();
    if (users.length === 1) return copyForUser(company.pk, only);
    setPicked(null);
    setPicking({ company, users });
  };

  const onPick = () => {
    const user = picking?.users.find((u) => u.pk === picked);
    if (!picking || !user) return;
    setPicking(null);
    void copyForUser(picking.company.pk, user);
  };

  const element = (
    <>
      <Modal
        open={picking !== null}
        title={picking ? `Whose sign-in link? (${picking.company.name})` : ''}
        okText="Copy link"
        okButtonProps={{ disabled: picked === null }}
        onOk={onPick}
        onCancel={() => setPicking(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">The link signs that person in without a password. Send it only to them.</Typography.Paragraph>
        <Radio.Group value={picked} onChange={(event) => setPicked(event.target.value as number)} aria-label="Client user">
          <Space orientation="vertical">
            {picking?.users.map((user) => (
              <Radio key={user.pk} value={user.pk}>
                {personName(user)} <Typography.Text type="secondary">{user.email}</Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Modal>
      {linkCopier.element}
    </>
  );

  return { copyFor, copyForUser, pending: getLink.isPending, element };
};
