import { useMemo, useState } from 'react';
import { App, Button, Card, Flex, Select, Typography } from 'antd';
import type { ClientCompany } from '@herd/contract';
import { normaliseError } from '../../../lib/api-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { QueryError } from '../../../ui/query-error';
import { useOtherAccounts, useUpdateWatchedAccounts, useWatchedAccounts, type LedgerAccount } from '../accounts-api';

interface EditorProps {
  companyPk: number;
  initial: LedgerAccount[];
}

const byName = (a: LedgerAccount, b: LedgerAccount) => a.name.localeCompare(b.name);

/** The picker, started from the accounts watched now (keyed by them, so a save starts it again). */
const WatchedAccountsEditor = ({ companyPk, initial }: EditorProps) => {
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<number[]>(() => initial.map((a) => a.pk));
  const [search, setSearch] = useState('');
  const others = useOtherAccounts(companyPk, useDebouncedValue(search.trim()));
  const save = useUpdateWatchedAccounts(companyPk);
  // Chosen accounts are remembered, so each keeps its name when a later search no longer lists it.
  const [picked, setPicked] = useState(() => new Map(initial.map((a) => [a.pk, a])));
  const merged = useMemo(() => {
    const next = new Map(picked);
    for (const account of others.data ?? []) next.set(account.pk, account);
    return next;
  }, [picked, others.data]);

  const onChange = (pks: number[]) => {
    setChosen(pks);
    setPicked((now) => new Map([...now, ...pks.flatMap((pk) => (merged.has(pk) ? [[pk, merged.get(pk)!] as const] : []))]));
  };

  const needle = search.trim().toLowerCase();
  const options = [...merged.values()]
    .filter((a) => !needle || a.name.toLowerCase().includes(needle) || chosen.includes(a.pk))
    .sort(byName)
    .map((a) => ({ value: a.pk, label: a.active ? a.name : `${a.name} (inactive)`, type: a.account_type }));
  const initialPks = initial
    .map((a) => a.pk)
    .sort((a, b) => a - b)
    .join(',');
  const dirty = [...chosen].sort((a, b) => a - b).join(',') !== initialPks;

  const onSave = () =>
    save.mutate(chosen, {
      onSuccess: () => void message.success('Watched accounts saved.'),
      onError: (error) => void message.error(normaliseError(error).fields.watched?.[0] ?? normaliseError(error).message),
    });

  return (
    <Flex vertical gap={12}>
      <Select
        mode="multiple"
        aria-label="Watched accounts"
        placeholder="Search the client’s accounts"
        value={chosen}
        onChange={onChange}
        showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
        onBlur={() => setSearch('')}
        loading={others.isFetching}
        options={options}
        optionRender={(option) => (
          <Flex justify="space-between" gap={12}>
            <span>{option.label}</span>
            <Typography.Text type="secondary">{option.data.type}</Typography.Text>
          </Flex>
        )}
        notFoundContent={others.isFetching ? 'Searching…' : 'No account matches'}
        style={{ width: '100%' }}
      />
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">
          {chosen.length === 0 ? 'No account is watched: Herd will not ask about any transaction.' : `${chosen.length} watched`}
        </Typography.Text>
        <Flex gap={8}>
          <Button disabled={!dirty || save.isPending} onClick={() => setChosen(initial.map((a) => a.pk))}>
            Undo
          </Button>
          <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={onSave}>
            Save watched accounts
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
};

/**
 * Which ledger accounts Herd watches (Uncategorized Expense, Ask My
 * Accountant…): a transaction landing in one is a question for the client.
 */
export const WatchedAccountsCard = ({ company }: { company: ClientCompany }) => {
  const watched = useWatchedAccounts(company.pk);
  let body;
  if (watched.isPending) body = <Typography.Text type="secondary">Loading accounts…</Typography.Text>;
  else if (watched.isError) body = <QueryError error={watched.error} title="Could not load the accounts" onRetry={() => void watched.refetch()} />;
  else {
    const initial = [...watched.data].sort(byName);
    body = <WatchedAccountsEditor key={initial.map((a) => a.pk).join(',')} companyPk={company.pk} initial={initial} />;
  }
  return (
    <Card title="Watched accounts" variant="outlined">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        Transactions the ledger puts in these accounts are the ones Herd asks the client about.
      </Typography.Paragraph>
      {body}
    </Card>
  );
};
