import { useState } from 'react';
import { Button, Card, Flex, Table, Tag, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import type { AutomationReport, AutomationRow } from '@herd/contract';
import { pauseRuleText } from '../automation-words';
import { AutomationEventsDrawer } from './automation-events-drawer';

type Counts = AutomationRow['last_30_days'];

const rowKey = (row: AutomationRow) => `${row.agent}-${row.rule?.pk ?? 0}`;

/** "40%", or a dash when it did not act in the period. */
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/** A period without acts sorts below every rate. */
const byRate = (period: 'last_30_days' | 'last_90_days') => (a: AutomationRow, b: AutomationRow) => (a[period].rate ?? -1) - (b[period].rate ?? -1);

const Rate = ({ counts }: { counts: Counts }) => (
  <Flex vertical>
    <span>{percent(counts.rate)}</span>
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {counts.overruled} of {counts.acted}
    </Typography.Text>
  </Flex>
);

/** The row's name; for a rule, whose it is and whether it runs (a paused rule says why, in words). */
const RowName = ({ row }: { row: AutomationRow }) => {
  const rule = row.rule;
  if (!rule) return <Typography.Text strong>{row.name}</Typography.Text>;
  return (
    <Flex vertical gap={2} style={{ minWidth: 160 }}>
      <Typography.Text strong>{row.name}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {rule.client_company?.name ?? 'All clients'}
      </Typography.Text>
      {rule.paused_reason !== null ? (
        <Flex gap={4} wrap align="baseline">
          <Tag color="orange">Paused</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {rule.paused_reason}
          </Typography.Text>
        </Flex>
      ) : !rule.enabled ? (
        <span>
          <Tag>Off</Tag>
        </span>
      ) : null}
    </Flex>
  );
};

interface AutomationReportCardProps {
  report: AutomationReport;
  /** The Review checks tab, where the pause rule is set. */
  reviewChecksHref: string;
}

/**
 * How often each of the firm's rules, the two learned suggestion sources and the receipt matcher acted, and how
 * often a person overruled it; each row opens the transactions behind it.
 */
export const AutomationReportCard = ({ report, reviewChecksHref }: AutomationReportCardProps) => {
  const [selected, setSelected] = useState<AutomationRow | null>(null);
  const [open, setOpen] = useState(false);

  const columns: TableProps<AutomationRow>['columns'] = [
    {
      title: 'Name',
      key: 'name',
      // Wide enough that a name wraps between words on a phone; the table scrolls sideways inside itself instead.
      width: 240,
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_v: unknown, row) => <RowName row={row} />,
    },
    { title: 'Acted', key: 'acted', align: 'right', sorter: (a, b) => a.all_time.acted - b.all_time.acted, render: (_v: unknown, row) => row.all_time.acted },
    {
      title: 'Overruled',
      key: 'overruled',
      align: 'right',
      sorter: (a, b) => a.all_time.overruled - b.all_time.overruled,
      render: (_v: unknown, row) => row.all_time.overruled,
    },
    { title: 'Overruled, 30 days', key: 'rate30', align: 'right', sorter: byRate('last_30_days'), render: (_v: unknown, row) => <Rate counts={row.last_30_days} /> },
    { title: 'Overruled, 90 days', key: 'rate90', align: 'right', sorter: byRate('last_90_days'), render: (_v: unknown, row) => <Rate counts={row.last_90_days} /> },
    {
      title: <span className="herd-visually-hidden">Transactions</span>,
      key: 'transactions',
      align: 'right',
      render: (_v: unknown, row) => (
        <Button
          size="small"
          aria-label={`Transactions behind ${row.name}`}
          onClick={() => {
            setSelected(row);
            setOpen(true);
          }}
        >
          Transactions
        </Button>
      ),
    },
  ];

  return (
    <Card title="Automation" variant="outlined">
      <Typography.Paragraph type="secondary">
        How often each rule, learned suggestion source and the receipt matcher acted, and how often the accountant or client overruled it.
      </Typography.Paragraph>
      <Typography.Paragraph>
        {pauseRuleText(report.pause)} <Link to={reviewChecksHref}>Set it in Review checks</Link>
      </Typography.Paragraph>
      <Table<AutomationRow>
        aria-label="Automation report"
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={report.results}
        locale={{ emptyText: 'Nothing has acted yet.' }}
        scroll={{ x: 720 }}
        pagination={false}
        showSorterTooltip={false}
      />
      {selected ? <AutomationEventsDrawer key={rowKey(selected)} row={selected} open={open} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
};
