import { useState } from 'react';
import { Button } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { normaliseError } from '../../../lib/api-errors';
import { routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { FullPageResult } from '../../../ui/full-page-result';
import { useUnsubscribe } from '../email-preferences-api';

/**
 * /unsubscribe/?token=…: the page an email's footer link opens, signed in or not. Opening it changes
 * nothing (mail scanners follow links); the person confirms with the button.
 */
export const UnsubscribePage = () => {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      await unsubscribe.mutateAsync(token);
    } catch (error) {
      setFailure(normaliseError(error).message);
    }
  };
  const settingsLink = <Link to={routes.settings.root}>Choose in your settings</Link>;

  if (unsubscribe.data) {
    const { label, email } = unsubscribe.data;
    return (
      <FullPageResult
        status="success"
        title="You are unsubscribed"
        subTitle={`${email} will no longer get ${label.toLowerCase()} emails from Herd. You can turn them back on in your settings at any time.`}
        extra={settingsLink}
      />
    );
  }
  if (!token || failure) {
    return <FullPageResult status="warning" title="This link does not work" subTitle={failure ?? 'The unsubscribe link is incomplete.'} extra={settingsLink} />;
  }
  return (
    <FullPageResult
      title="Stop these emails?"
      subTitle="You will no longer get this kind of email from Herd. Sign-in links and security notices still arrive."
      extra={
        <Button type="primary" size="large" loading={unsubscribe.isPending} onClick={() => void confirm()}>
          Unsubscribe
        </Button>
      }
    />
  );
};
