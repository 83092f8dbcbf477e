import { useMemo, useState } from 'react';
import { App, Button, Card, Flex, Typography } from 'antd';
import type { ClientCompany } from '@herd/contract';
import { matchRank, useLiveOptions } from '../../../lib/live-options';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { QueryError } from '../../../ui/query-error';
import { SearchSelect } from '../../../ui/search-select';
import { useServerError } from '../../../ui/use-server-error';
import { useOtherAccounts, useUpdateWatchedAccounts, useWatchedAccounts, type LedgerAccount } from '../accounts-api';
import { accountTypeLabel } from '../../../lib/account-type-labels';
import { ChangesOnly, useReadOnly } from '../../billing/read-only-guard';

interface EditorProps {
  companyPk: number;
  initial: LedgerAccount[];
}

const byName = (a: LedgerAccount, b: LedgerAccount) => a.name.localeCompare(b.name);

/** The picker, started from the accounts watched now (keyed by them, so a save starts it again). */
const WatchedAccountsEditor = ({ companyPk, initial }: EditorProps) => {
  const { message } = App.useApp();
  const showError = useServerError();
  const [chosen, setChosen] = useState<number[]>(() => initial.map((a) => a.pk));
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const others = useOtherAccounts(companyPk, settled);
  const live = useLiveOptions(
    search,
    settled,
    others,
    (a) => a.pk,
    (a) => a.name,
  );
  const save = useUpdateWatchedAccounts(companyPk);
  // A control's own `disabled` wins over the read-only region's, so each says both.
  const { readOnly } = useReadOnly();
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

  // Every option matches what is typed (a chosen account that does not is left out while searching, so Enter cannot untick it).
  const needle = search.trim();
  const listed = new Map(live.items.map((a) => [a.pk, a]));
  for (const pk of chosen) {
    const account = merged.get(pk);
    if (account && !listed.has(pk) && matchRank(account.name, needle) !== null) listed.set(pk, account);
  }
  const accounts = needle ? [...listed.values()] : [...listed.values()].sort(byName);
  const options = accounts.map((a) => ({ value: a.pk, label: a.active ? a.name : `${a.name} (inactive)`, type: a.account_type }));
  const initialPks = initial
    .map((a) => a.pk)
    .sort((a, b) => a - b)
    .join(',');
  const dirty = [...chosen].sort((a, b) => a - b).join(',') !== initialPks;

  const onSave = () =>
    save.mutate(chosen, {
      onSuccess: () => void message.success('Watched accounts saved.'),
      onError: (error) => showError(error),
    });

  return (
    <ChangesOnly>
      <Flex vertical gap={12}>
        <SearchSelect<number[]>
          mode="multiple"
          aria-label="Watched accounts"
          placeholder="Search the client’s accounts"
          value={chosen}
          onChange={onChange}
          search={search}
          onSearch={setSearch}
          searching={live.searching}
          noun="account"
          onBlur={() => setSearch('')}
          loading={others.isFetching}
          options={options}
          optionRender={(option) => (
            <Flex justify="space-between" gap={12}>
              <span>{option.label}</span>
              <Typography.Text type="secondary">{accountTypeLabel(String(option.data.type ?? ''))}</Typography.Text>
            </Flex>
          )}
          style={{ width: '100%' }}
        />
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Typography.Text type="secondary">
            {chosen.length === 0 ? 'No account is watched: Herd will not ask about any transaction.' : `${chosen.length} watched`}
          </Typography.Text>
          <Flex gap={8}>
            <Button disabled={readOnly || !dirty || save.isPending} onClick={() => setChosen(initial.map((a) => a.pk))}>
              Undo
            </Button>
            <Button type="primary" disabled={readOnly || !dirty} loading={save.isPending} onClick={onSave}>
              Save watched accounts
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </ChangesOnly>
  );
};

/**
 * Which ledger accounts Herd watches (Uncategorized Expense, Ask My
 * Accountant…): a transaction landing in one is a question for the client.
 */
export const WatchedAccountsCard = ({ company }: { company: ClientCompany }) =>
  company.connection_kind === 'CSV' ? <CsvWatchedAccountsCard /> : <LedgerWatchedAccountsCard company={company} />;

/**
 * A CSV company has nothing to watch: every row of an imported bank file is a question for the
 * client (it lands in Uncategorized Expense or Income, which Herd keeps to itself), so the card
 * says so rather than offering a choice that would change nothing, or claiming nothing is asked.
 */
const CsvWatchedAccountsCard = () => (
  <Card title="Watched accounts" variant="outlined">
    <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
      This client’s transactions come from bank CSV files, and Herd asks the client about every one of them, so there are no accounts to choose here.
    </Typography.Paragraph>
  </Card>
);

const LedgerWatchedAccountsCard = ({ company }: { company: ClientCompany }) => {
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
