import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { xeroGrantQuery } from '@herd/contract';
import { errorStatus } from '../../../lib/api-errors';
import { serverErrorText } from '../../../lib/form-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { SandboxTag } from '../../../ui/ledger-sync-tags';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { usePendingGrant } from '../api';
import { ExpiredGrant } from '../components/expired-grant';
import { OrganisationsForm } from '../components/organisations-form';

/**
 * /dashboard/accountant/xero/select-client/?grant=<id>: one Xero consent granted several organisations
 * (connecting, or signing up), and the accountant says where each goes before any is connected.
 */
export const XeroSelectClientPage = () => {
  usePageTitle('Choose Xero organisations');
  const [params] = useSearchParams();
  const parsed = xeroGrantQuery.safeParse({ grant: params.get('grant') ?? '' });
  const grant = parsed.success ? parsed.data.grant : null;
  const pending = usePendingGrant(grant);
  // Gone while the person chose: said like a grant that was gone on arrival.
  const [expired, setExpired] = useState<string | null>(null);

  let body;
  if (!parsed.success) body = <ExpiredGrant detail={parsed.error.issues[0]?.message ?? 'This Xero connection has expired.'} />;
  else if (expired) body = <ExpiredGrant detail={expired} />;
  else if (pending.isPending) body = <PageSpinner caption="Loading the organisations…" />;
  else if (pending.isError) {
    body =
      errorStatus(pending.error) === 404 ? (
        <ExpiredGrant detail={serverErrorText(pending.error)} />
      ) : (
        <QueryError error={pending.error} title="Could not load the organisations" onRetry={() => void pending.refetch()} />
      );
  } else body = <OrganisationsForm grant={parsed.data.grant} pending={pending.data} onExpired={setExpired} />;

  return (
    <>
      <PageHeader
        title="Choose where each Xero organisation goes"
        tags={pending.data?.sandbox ? <SandboxTag kind="XERO" /> : null}
        subtitle="Each one ticked becomes a new client company, or joins one your firm has. Those left out are not connected."
      />
      {body}
    </>
  );
};
