import { useState } from 'react';
import { App, Modal, Typography } from 'antd';
import { copyText } from '../lib/clipboard';

/**
 * Puts a sign-in or invitation link on the clipboard and says so; when the
 * browser refuses the clipboard, shows the link to copy by hand. Render
 * `element` once where the hook is used.
 */
export const useLinkCopier = () => {
  const { message } = App.useApp();
  const [shown, setShown] = useState<{ url: string; title: string } | null>(null);

  /** `title` names the link ("Sign-in link for Sam Park"); the success message is "<title> copied". */
  const copy = async (url: string, title: string) => {
    if (await copyText(url)) void message.success(`${title} copied`);
    else setShown({ url, title });
  };

  const element = (
    <Modal open={shown !== null} title={shown?.title ?? ''} footer={null} onCancel={() => setShown(null)} destroyOnHidden>
      <Typography.Paragraph type="secondary">Your browser did not let Herd use the clipboard. Copy the link here:</Typography.Paragraph>
      <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }} data-testid="magic-link-url">
        {shown?.url}
      </Typography.Paragraph>
    </Modal>
  );

  return { copy, element };
};
