import { Card, Col, Row, Statistic } from 'antd';
import type { communicationEndpoints, ResponseOf } from '@herd/contract';
import { formatCount } from '../../../lib/format';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { CountLink } from '../../../ui/count-link';

/** Whom the open requests wait on, how many are late, and links to the other lists. */
export const RequestCounters = ({ companyPk, counters }: { companyPk: number; counters: ResponseOf<typeof communicationEndpoints.accountantCounters> | undefined }) => {
  const n = (value: number | undefined) => (value === undefined ? '…' : formatCount(value));
  const link = (route: string, title: string, value: number | undefined) => (
    <CountLink to={buildPath(route, { clientPk: companyPk })} title={title} value={n(value)} noun={value === 1 ? 'request' : 'requests'} />
  );
  return (
    <Card size="small" aria-label="Request counts" style={{ marginBottom: 16 }}>
      <Row gutter={[16, 8]}>
        <Col xs={12} sm={8} md={4}>
          <Statistic title="Waiting on you" value={n(counters?.waiting_on_accountant)} />
        </Col>
        <Col xs={12} sm={8} md={4}>
          <Statistic title="Waiting on the client" value={n(counters?.waiting_on_client)} />
        </Col>
        <Col xs={12} sm={8} md={4}>
          <Statistic title="Overdue" value={n(counters?.overdue)} styles={counters?.overdue ? { content: { color: '#b42318' } } : undefined} />
        </Col>
        <Col xs={12} sm={8} md={4}>
          {link(routes.accountant.requestsCompleted, 'Completed', counters?.completed)}
        </Col>
        <Col xs={12} sm={8} md={4}>
          {link(routes.accountant.requestsHidden, 'Hidden', counters?.hidden)}
        </Col>
        <Col xs={12} sm={8} md={4}>
          <CountLink to={buildPath(routes.accountant.requestsScheduled, { clientPk: companyPk })} title="Scheduled" value="View" />
        </Col>
      </Row>
    </Card>
  );
};
