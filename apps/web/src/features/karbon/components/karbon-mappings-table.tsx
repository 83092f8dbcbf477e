import { useState } from 'react';
import { Button, Card, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import type { KarbonClientType } from '@herd/contract/karbon';
import { useServerError } from '../../../ui/use-server-error';
import { useKarbonDirectory, useKarbonMappings, useLinkKarbonClient } from '../api';
import { KarbonClientSettingsModal } from './karbon-client-settings-modal';

interface Target {
  key: string;
  type: KarbonClientType;
  name: string;
  email: string | null;
}

const describe = (target: Target) => `${target.name}${target.email ? ` · ${target.email}` : ''} (${target.type === 'Organization' ? 'organization' : 'contact'})`;

/** Any Karbon organization or contact, searched as one types. */
const KarbonClientPicker = ({ onPick, busy }: { onPick: (target: Target) => void; busy: boolean }) => {
  const [search, setSearch] = useState('');
  const directory = useKarbonDirectory(search, true);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder="Choose a Karbon client…"
      aria-label="Karbon client"
      loading={directory.isFetching || busy}
      style={{ minWidth: 220, maxWidth: '100%' }}
      options={(directory.data?.results ?? []).map((entry) => ({ value: entry.key, label: describe(entry) }))}
      onChange={(key: string) => {
        const entry = directory.data?.results.find((e) => e.key === key);
        if (entry) onPick(entry);
      }}
    />
  );
};

/** Each client company and its Karbon client: linked, suggested (same name or a client user's email), or to be chosen. */
export const KarbonMappingsTable = () => {
  const mappings = useKarbonMappings(true);
  const link = useLinkKarbonClient();
  const showError = useServerError();
  const [settingsOf, setSettingsOf] = useState<{ pk: number; name: string } | null>(null);
  const linkTo = (companyPk: number, linked: boolean, target: Target | null) =>
    link.mutate(
      { companyPk, linked, target: target ? { karbon_key: target.key, karbon_type: target.type } : null },
      { onError: (failure) => showError(failure, 'Could not change the link') },
    );
  return (
    <Card title="Client companies in Karbon">
      <Typography.Paragraph type="secondary">Herd writes to Karbon only for client companies linked to a Karbon organization or contact.</Typography.Paragraph>
      <Table
        rowKey="client_company"
        loading={mappings.isPending}
        dataSource={mappings.data?.results ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Client company', dataIndex: 'name' },
          {
            title: 'Karbon client',
            render: (_, row) =>
              row.mapping ? (
                <Space wrap>
                  <Tag color="green">Linked</Tag>
                  <Typography.Text>{describe(row.mapping)}</Typography.Text>
                  <Button size="small" onClick={() => setSettingsOf({ pk: row.client_company, name: row.name })}>
                    Its own settings
                  </Button>
                  <Button size="small" onClick={() => linkTo(row.client_company, true, null)}>
                    Unlink
                  </Button>
                </Space>
              ) : (
                <Flex vertical gap={6}>
                  {row.suggestions.map((suggestion) => (
                    <Space key={suggestion.key} wrap>
                      <Typography.Text type="secondary">Same {suggestion.reason === 'name' ? 'name' : 'email'}:</Typography.Text>
                      <Typography.Text>{describe(suggestion)}</Typography.Text>
                      <Button size="small" type="primary" onClick={() => linkTo(row.client_company, false, suggestion)}>
                        Link
                      </Button>
                    </Space>
                  ))}
                  <KarbonClientPicker busy={link.isPending} onPick={(target) => linkTo(row.client_company, false, target)} />
                </Flex>
              ),
          },
        ]}
      />
      <KarbonClientSettingsModal company={settingsOf} onClose={() => setSettingsOf(null)} />
    </Card>
  );
};
