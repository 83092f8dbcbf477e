import { useEffect } from 'react';
import { Alert, Flex } from 'antd';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { billingKeys, useBillingInfo } from '../api';
import { CHECKOUT_OUTCOMES } from '../billing-words';
import { BillingPanel } from './billing-panel';

/** Where Stripe Checkout sends the browser back: `?checkout=success|cancelled|card-saved`. */
export const CHECKOUT_PARAM = 'checkout';

/** The Billing tab of the firm admin's settings: reads the firm's billing and says how a Checkout just ended. */
export const BillingTab = () => {
  const [params] = useSearchParams();
  const client = useQueryClient();
  const info = useBillingInfo();
  const outcome = CHECKOUT_OUTCOMES[params.get(CHECKOUT_PARAM) ?? ''];

  // Back from Checkout, what was read before it is out of date (the banner included).
  useEffect(() => {
    if (outcome) void client.invalidateQueries({ queryKey: billingKeys.info() });
  }, [client, outcome]);

  if (info.isPending) return <PageSpinner caption="Loading your billing…" />;
  if (info.isError) return <QueryError error={info.error} title="Could not load your billing" onRetry={() => void info.refetch()} />;
  return (
    <Flex vertical gap={24}>
      {outcome && <Alert type={outcome.type} showIcon title={outcome.text} />}
      <BillingPanel info={info.data} />
    </Flex>
  );
};
