import { Alert, App, Button, Card, Descriptions, Flex, Result, Tag, Typography } from 'antd';
import type { BillingInfo } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { useServerError } from '../../../ui/use-server-error';
import { useCancelSubscription, useChangeCard, useRestartSubscription, useStartCheckout } from '../api';
import { cardBrand, formatMinorUnits, planText, statusLabel, stripeStatusNote } from '../billing-words';
import { InvoiceList } from './invoice-list';

const STATUS_COLOURS: Record<string, string> = { TRIAL: 'blue', PAID: 'green', CANCELLED: 'red', TRIAL_EXPIRED: 'red' };

/** The firm's subscription for its admin: status, plan, card, next invoice, the buttons that change it, and past invoices. */
export const BillingPanel = ({ info }: { info: BillingInfo }) => {
  const { modal, message } = App.useApp();
  const showError = useServerError();
  const checkout = useStartCheckout();
  const changeCard = useChangeCard();
  const restart = useRestartSubscription();
  const cancel = useCancelSubscription();
  // One change at a time: while any is in flight, every button waits.
  const busy = checkout.isPending || changeCard.isPending || restart.isPending || cancel.isPending;

  if (info.mode === 'off') {
    return <Result status="info" title="Billing is off for this installation" subTitle="Nobody is charged and Herd is never read-only for billing reasons." />;
  }

  const startCheckout = () => checkout.mutate(undefined, { onError: (error) => showError(error, 'Could not open checkout') });
  const startCardChange = () => changeCard.mutate(undefined, { onError: (error) => showError(error, 'Could not open the card change') });
  const startRestart = () =>
    restart.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (!url) void message.success('Your subscription continues: it will renew as before.');
      },
      onError: (error) => showError(error, 'Could not restart the subscription'),
    });
  const confirmCancel = () =>
    modal.confirm({
      title: 'Cancel the subscription?',
      content: info.current_period_end
        ? `Your firm keeps working until ${formatDate(info.current_period_end)}, the end of the period already paid. After that Herd becomes read-only until you subscribe again.`
        : 'Your firm keeps working until the end of the period already paid. After that Herd becomes read-only until you subscribe again.',
      okText: 'Cancel subscription',
      okButtonProps: { danger: true },
      cancelText: 'Keep it',
      onOk: async () => {
        try {
          await cancel.mutateAsync();
          void message.success('The subscription will end at the close of the paid period.');
        } catch (error) {
          showError(error, 'Could not cancel the subscription');
        }
      },
    });

  const paid = info.status === 'PAID';
  const actions = (
    <Flex gap={8} wrap>
      {info.status === 'TRIAL' && (
        <Button type="primary" loading={checkout.isPending} disabled={busy && !checkout.isPending} onClick={startCheckout}>
          Start subscription
        </Button>
      )}
      {info.status === 'TRIAL_EXPIRED' && (
        <Button type="primary" loading={checkout.isPending} disabled={busy && !checkout.isPending} onClick={startCheckout}>
          Pay now
        </Button>
      )}
      {(info.status === 'CANCELLED' || (paid && info.cancel_at_period_end)) && (
        <Button type="primary" loading={restart.isPending} disabled={busy && !restart.isPending} onClick={startRestart}>
          Restart subscription
        </Button>
      )}
      {paid && !info.cancel_at_period_end && (
        <Button danger loading={cancel.isPending} disabled={busy && !cancel.isPending} onClick={confirmCancel}>
          Cancel subscription
        </Button>
      )}
    </Flex>
  );

  const note = stripeStatusNote(info.subscription_status);
  const items = [
    {
      key: 'status',
      label: 'Status',
      children: (
        <Flex vertical gap={4}>
          <span>
            <Tag color={STATUS_COLOURS[info.status ?? ''] ?? 'default'}>{statusLabel(info)}</Tag>
          </span>
          {note && <Typography.Text type="warning">{note}</Typography.Text>}
        </Flex>
      ),
    },
    ...(info.plan ? [{ key: 'plan', label: 'Plan', children: planText(info.plan) }] : []),
    ...(info.active_companies !== null
      ? [
          {
            key: 'companies',
            label: 'Client companies',
            children:
              info.quantity !== null ? `${String(info.active_companies)} active · billed for ${String(info.quantity)}` : `${String(info.active_companies)} active`,
          },
        ]
      : []),
    ...(info.next_invoice
      ? [
          {
            key: 'next',
            label: 'Next invoice',
            children: `${formatMinorUnits(info.next_invoice.amount_due, info.next_invoice.currency)}${info.next_invoice.date ? ` on ${formatDate(info.next_invoice.date)}` : ''}`,
          },
        ]
      : []),
    ...(info.card || paid
      ? [
          {
            key: 'card',
            label: 'Card',
            children: (
              <Flex gap={12} align="center" wrap>
                <span>{info.card ? `${cardBrand(info.card.brand)} •••• ${info.card.last4}` : 'No card on file'}</span>
                <Button size="small" loading={changeCard.isPending} disabled={busy && !changeCard.isPending} onClick={startCardChange}>
                  Change card
                </Button>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={24}>
      {info.stripe_unavailable && (
        <Alert
          type="warning"
          showIcon
          title="Stripe could not be reached just now"
          description="The status below is Herd’s own record; the plan, card and invoices will show again once Stripe answers. Try again in a few minutes."
        />
      )}
      <Card
        title={
          <Flex gap={8} align="center" wrap>
            <span>Subscription</span>
            {info.mode === 'sandbox' && <Tag color="gold">Sandbox — no real charges</Tag>}
          </Flex>
        }
      >
        <Flex vertical gap={20}>
          <Descriptions column={1} size="small" items={items} />
          {actions}
        </Flex>
      </Card>
      <Card title="Invoices">
        <InvoiceList invoices={info.invoices} />
      </Card>
    </Flex>
  );
};
