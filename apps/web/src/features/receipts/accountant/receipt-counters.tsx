import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router';
import type { ReceiptCounters as Counters } from '@herd/contract';
import { formatCount } from '../../../lib/format';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';

/** How many receipts each list holds; the completed and hidden ones are their own screens. */
export const ReceiptCounters = ({ companyPk, counters }: { companyPk: number; counters: Counters | undefined }) => {
  const n = (value: number | undefined) => (value === undefined ? '…' : formatCount(value));
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
          <Link to={buildPath(routes.accountant.receiptsCompleted, { clientPk: companyPk })} aria-label="Completed receipts">
            <Statistic title="Completed" value={n(counters?.completed)} />
          </Link>
        </Col>
        <Col xs={12} sm={8} md={5}>
          <Link to={buildPath(routes.accountant.receiptsHidden, { clientPk: companyPk })} aria-label="Hidden receipts">
            <Statistic title="Hidden" value={n(counters?.hidden)} />
          </Link>
        </Col>
      </Row>
    </Card>
  );
};
