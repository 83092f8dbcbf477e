import { Card, Col, Row, Statistic } from 'antd';
import type { ReceiptCounters as Counters } from '@herd/contract';
import { formatCount } from '../../../lib/format';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { CountLink } from '../../../ui/count-link';

/** How many receipts each list holds; the completed and hidden ones are their own screens. */
export const ReceiptCounters = ({ companyPk, counters }: { companyPk: number; counters: Counters | undefined }) => {
  const n = (value: number | undefined) => (value === undefined ? '…' : formatCount(value));
  const noun = (value: number | undefined) => (value === 1 ? 'receipt' : 'receipts');
  return (
    <Card size="small" aria-label="Receipt counts" style={{ marginBottom: 16 }}>
      <Row gutter={[16, 8]}>
        <Col xs={12} sm={8} md={4}>
          <Statistic title="Active" value={n(counters?.active)} />
        </Col>
        <Col xs={12} sm={8} md={5}>
          <Statistic title="Possible duplicates" value={n(counters?.duplicates)} styles={counters?.duplicates ? { content: { color: '#b42318' } } : undefined} />
        </Col>
        <Col xs={12} sm={8} md={5}>
          <Statistic title="Not read yet" value={n(counters?.unread)} />
        </Col>
        <Col xs={12} sm={8} md={5}>
          <CountLink
            to={buildPath(routes.accountant.receiptsCompleted, { clientPk: companyPk })}
            title="Completed"
            value={n(counters?.completed)}
            noun={noun(counters?.completed)}
          />
        </Col>
        <Col xs={12} sm={8} md={5}>
          <CountLink to={buildPath(routes.accountant.receiptsHidden, { clientPk: companyPk })} title="Hidden" value={n(counters?.hidden)} noun={noun(counters?.hidden)} />
        </Col>
      </Row>
    </Card>
  );
};
