import { Flex, Tag } from 'antd';
import { useClientCounters } from '../../transactions/api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What waits for the client in one company, on its card in their list of
 * companies: the transactions to answer, the receipts still open and the requests
 * waiting on them. Nothing
 * is shown until the counts arrive (or if they cannot be read): the card
 * still opens the company, which lists the same work.
 */
export const CompanyCardCounts = ({ companyPk }: { companyPk: number }) => {
  const counters = useClientCounters(companyPk);
  if (!counters.data) return null;
  const { active, open_receipts: openReceipts, open_requests: openRequests } = counters.data;
  return (
    <Flex wrap gap={6} style={{ marginTop: 10 }} data-testid="company-counts">
      {active === 0 && openReceipts === 0 && openRequests === 0 ? <Tag color="success">Nothing waiting</Tag> : null}
      {active > 0 ? <Tag color="processing">{plural(active, 'transaction to answer', 'transactions to answer')}</Tag> : null}
      {openReceipts > 0 ? <Tag color="warning">{plural(openReceipts, 'open receipt', 'open receipts')}</Tag> : null}
      {openRequests > 0 ? <Tag color="purple">{plural(openRequests, 'request to answer', 'requests to answer')}</Tag> : null}
    </Flex>
  );
};
