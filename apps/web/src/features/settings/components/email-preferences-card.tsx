import { App, Card, Flex, Switch, Typography } from 'antd';
import type { EmailKind } from '@herd/contract';
import { normaliseError } from '../../../lib/api-errors';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useEmailPreferences, useUpdateEmailPreference } from '../email-preferences-api';
import { DigestScheduleForm } from './digest-schedule-form';

/**
 * Which emails the person gets, one switch per kind. Sign-in links, password resets and security
 * notices are not listed: they always go, because they answer what the person did.
 */
export const EmailPreferencesCard = ({ accountant }: { accountant: boolean }) => {
  const preferences = useEmailPreferences();
  const update = useUpdateEmailPreference();
  const { message } = App.useApp();
  if (preferences.isPending) return <PageSpinner caption="Loading your email settings…" />;
  if (preferences.isError) return <QueryError error={preferences.error} title="Could not load your email settings" onRetry={() => void preferences.refetch()} />;

  const toggle = async (kind: EmailKind, enabled: boolean) => {
    try {
      await update.mutateAsync({ kind, enabled });
    } catch (error) {
      void message.error(normaliseError(error).message);
    }
  };
  // Reminders go to clients and the digest to accountants: a switch for what never reaches the person would mean nothing.
  const shown = preferences.data.preferences.filter((p) => (accountant ? p.kind !== 'REMINDERS' : p.kind !== 'DIGEST'));

  return (
    <Card title="Emails" style={{ maxWidth: 640 }}>
      <Flex vertical gap={20}>
        <Typography.Text type="secondary">Choose which emails Herd sends you. Sign-in links and security notices always arrive.</Typography.Text>
        {shown.map((p) => (
          <Flex key={p.kind} vertical gap={12}>
            <Flex justify="space-between" align="center" gap={16}>
              <div>
                <Typography.Text strong id={`email-kind-${p.kind}`}>
                  {p.label}
                </Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {p.hint}
                </Typography.Paragraph>
              </div>
              <Switch
                aria-labelledby={`email-kind-${p.kind}`}
                checked={p.enabled}
                loading={update.isPending && update.variables?.kind === p.kind}
                onChange={(enabled) => void toggle(p.kind, enabled)}
              />
            </Flex>
            {p.kind === 'DIGEST' && p.enabled ? <DigestScheduleForm /> : null}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
};
