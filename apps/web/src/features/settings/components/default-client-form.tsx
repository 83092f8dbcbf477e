import { useState } from 'react';
import { App, Button, Card, Flex, Typography } from 'antd';
import { MAX_PAGE_SIZE } from '@herd/contract';
import { serverErrorText } from '../../../lib/form-errors';
import { useLiveOptions } from '../../../lib/live-options';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { FormAlert } from '../../../ui/form-alert';
import { SearchSelect } from '../../../ui/search-select';
import { useClient, useClientList } from '../../clients/api';
import { useSetDefaultClient } from '../api';

interface DefaultClientFormProps {
  memberPk: number;
  current: number | null;
}

/** The client this user works on most, shown on their dashboard. */
export const DefaultClientForm = ({ memberPk, current }: DefaultClientFormProps) => {
  const [value, setValue] = useState<number | null>(current);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const list = useClientList({ page: 1, page_size: MAX_PAGE_SIZE, ordering: 'name', search: query });
  const live = useLiveOptions(
    search,
    query,
    { data: list.data?.results, isPlaceholderData: list.isPlaceholderData, isFetching: list.isFetching },
    (c) => c.pk,
    (c) => c.name,
  );
  // The current default may be beyond the first page of matches: load it for its name.
  const currentClient = useClient(current);
  const save = useSetDefaultClient(memberPk);
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);

  const options = live.items.map((c) => ({ value: c.pk, label: c.name }));
  if (!search.trim() && currentClient.data && !options.some((o) => o.value === currentClient.data.pk)) {
    options.unshift({ value: currentClient.data.pk, label: currentClient.data.name });
  }

  const onSave = () => {
    setError(null);
    save.mutate(value, {
      onSuccess: () => void message.success(value === null ? 'Default client cleared' : 'Default client saved'),
      onError: (err) => setError(serverErrorText(err)),
    });
  };

  return (
    <Card title="Default client" variant="outlined">
      <Typography.Paragraph type="secondary">Your dashboard offers this client first, one click away.</Typography.Paragraph>
      <FormAlert message={error} />
      <Flex gap={12} wrap align="center">
        <SearchSelect<number>
          aria-label="Default client"
          // undefined, not null: antd shows the placeholder only for "no value".
          value={value ?? undefined}
          onChange={(next) => {
            setValue(next ?? null);
            setSearch('');
          }}
          options={options}
          allowClear
          placeholder="No default client"
          search={search}
          onSearch={setSearch}
          searching={live.searching}
          noun="client"
          failure={list.isError ? 'Could not load your clients' : null}
          loading={list.isFetching}
          style={{ width: 320, maxWidth: '100%' }}
        />
        <Button type="primary" onClick={onSave} loading={save.isPending} disabled={value === current}>
          Save default client
        </Button>
      </Flex>
    </Card>
  );
};
