import { App, Button, Empty, Flex, Popconfirm, Switch, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { SuggestionRule, UpdateRuleBody } from '@herd/contract';
import { QueryError } from '../../../ui/query-error';
import { useServerError } from '../../../ui/use-server-error';
import { useChangeGuard } from '../../billing/read-only-guard';
import { useDeleteRule, useRules, useUpdateRule } from '../rules-api';
import { tableLoading } from '../../../ui/table-loading';

const FIRM_RULE_ADMINS = 'Only firm administrators change the firm’s rules.';
const PUBLISH_ADMINS = 'Only firm administrators let a rule publish by itself.';
const PUBLISH_NEEDS_ANSWERS = 'Turn on auto-answer first: only answers the rule gives itself are published.';

interface RulesTableProps {
  companyPk: number;
  isFirmAdmin: boolean;
}

/** Why a switch of this rule is off limits for this person, or null when they may flip it. */
const lockOf = (rule: SuggestionRule, isFirmAdmin: boolean) => (rule.scope === 'FIRM' && !isFirmAdmin ? FIRM_RULE_ADMINS : null);

/** The company's rules and the firm's: what each matches and files, how often it answered and was corrected, and its switches. */
export const RulesTable = ({ companyPk, isFirmAdmin }: RulesTableProps) => {
  const rules = useRules(companyPk);
  const update = useUpdateRule();
  const remove = useDeleteRule();
  const guard = useChangeGuard();
  const showError = useServerError();
  const { message } = App.useApp();

  const change = (rule: SuggestionRule, body: UpdateRuleBody) =>
    update.mutate({ pk: rule.pk, ...body }, { onError: (error) => showError(error, 'Could not change the rule') });
  const busy = (rule: SuggestionRule) => update.isPending && update.variables?.pk === rule.pk;

  /** A switch with the reason it is off limits as its tooltip (read-only firm first). */
  const toggle = (rule: SuggestionRule, label: string, checked: boolean, body: (on: boolean) => UpdateRuleBody, lock: string | null) => {
    const why = guard.title ?? lock;
    const control = (
      <Switch
        size="small"
        aria-label={`${label}: ${rule.match_text}`}
        checked={checked}
        loading={busy(rule)}
        disabled={guard.disabled || lock !== null}
        onChange={(on) => change(rule, body(on))}
      />
    );
    return why ? (
      <Tooltip title={why}>
        <span>{control}</span>
      </Tooltip>
    ) : (
      control
    );
  };

  const columns: TableProps<SuggestionRule>['columns'] = [
    {
      title: 'Contains',
      key: 'match',
      render: (_v: unknown, rule) => (
        <Flex vertical gap={4} align="flex-start">
          <Typography.Text code>{rule.match_text.toUpperCase()}</Typography.Text>
          {/* Why Herd paused it (overruled too often), in words rather than only on hover. */}
          {rule.paused_reason !== null ? (
            <Flex gap={4} align="baseline" wrap style={{ maxWidth: 280 }}>
              <Tag color="orange">Paused</Tag>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {rule.paused_reason}
              </Typography.Text>
            </Flex>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Category',
      key: 'category',
      render: (_v: unknown, rule) =>
        rule.category ? (
          rule.category.name
        ) : (
          <Tooltip title="This client’s chart has no account of that name and kind, so the rule does nothing here.">
            <Typography.Text type="secondary">{rule.account_name} (not in this chart)</Typography.Text>
          </Tooltip>
        ),
    },
    { title: 'Vendor', key: 'vendor', render: (_v: unknown, rule) => rule.vendor?.name ?? <Typography.Text type="secondary">—</Typography.Text> },
    { title: 'For', key: 'scope', render: (_v: unknown, rule) => (rule.scope === 'FIRM' ? <Tag color="blue">Whole firm</Tag> : <Tag>This client</Tag>) },
    { title: 'Applied', dataIndex: 'times_applied', key: 'applied', align: 'right' },
    { title: 'Overridden', dataIndex: 'times_overridden', key: 'overridden', align: 'right' },
    { title: 'On', key: 'enabled', render: (_v: unknown, rule) => toggle(rule, 'Enabled', rule.enabled, (on) => ({ enabled: on }), lockOf(rule, isFirmAdmin)) },
    {
      title: 'Auto-answer',
      key: 'auto_answer',
      render: (_v: unknown, rule) => toggle(rule, 'Auto-answer', rule.auto_answer, (on) => ({ auto_answer: on }), lockOf(rule, isFirmAdmin)),
    },
    {
      title: 'Auto-publish',
      key: 'auto_publish',
      render: (_v: unknown, rule) =>
        toggle(rule, 'Auto-publish', rule.auto_publish, (on) => ({ auto_publish: on }), !isFirmAdmin ? PUBLISH_ADMINS : rule.auto_answer ? null : PUBLISH_NEEDS_ANSWERS),
    },
    {
      title: <span className="herd-visually-hidden">Delete</span>,
      key: 'delete',
      align: 'right',
      render: (_v: unknown, rule) => {
        const lock = guard.title ?? lockOf(rule, isFirmAdmin);
        return (
          <Popconfirm
            title={`Delete the rule ${rule.match_text.toUpperCase()}?`}
            description={rule.scope === 'FIRM' ? 'It stops applying to every client of the firm.' : 'Its suggestions go; answers it gave stay.'}
            okText="Delete"
            okButtonProps={{ danger: true }}
            disabled={lock !== null}
            onConfirm={() =>
              remove.mutateAsync(rule.pk).then(
                () => void message.success('Rule deleted.'),
                (error: unknown) => showError(error, 'Could not delete the rule'),
              )
            }
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete rule ${rule.match_text}`} disabled={lock !== null} title={lock ?? undefined} />
          </Popconfirm>
        );
      },
    },
  ];

  if (rules.isError) return <QueryError error={rules.error} title="Could not load the rules" onRetry={() => void rules.refetch()} />;
  return (
    <Table<SuggestionRule>
      rowKey="pk"
      size="small"
      columns={columns}
      dataSource={rules.data ?? []}
      {...tableLoading(
        rules.isPending,
        (rules.data?.length ?? 0) > 0,
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No rules yet. Make one from a learned pattern below, or with New rule." />,
      )}
      scroll={{ x: 'max-content' }}
      pagination={false}
    />
  );
};
