import { useState } from 'react';
import { App, Button, Card, Flex, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { RequestTemplate } from '@herd/contract';
import { canManageRequestTemplates } from '../../../lib/permissions';
import { EmptyPanel } from '../../../ui/empty-panel';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useServerError } from '../../../ui/use-server-error';
import { useProfile } from '../../auth/api';
import { useChangeGuard } from '../../billing/read-only-guard';
import { useDeleteRequestTemplate, useRequestTemplates } from './api';
import { TemplateFormModal } from './template-form-modal';
import { draftSummary, REQUEST_KIND_LABELS } from './template-words';

type Editing = { template?: RequestTemplate } | null;

const TemplateDetails = ({ template }: { template: RequestTemplate }) => (
  <Flex vertical gap={4}>
    <Typography.Text>
      <Tag>{REQUEST_KIND_LABELS[template.kind]}</Tag>
      {template.subject}
    </Typography.Text>
    {template.kind === 'REQUEST' ? (
      <Typography.Text type="secondary">
        {draftSummary(template)}: {template.items.map((item) => item.label).join(' · ')}
      </Typography.Text>
    ) : null}
    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
      {template.created_by ? `Saved by ${template.created_by.name}` : 'Herd’s starter template'}
    </Typography.Text>
  </Flex>
);

/**
 * Settings → Request templates: the firm's templates, which every accountant picks from when writing
 * a request. Firm admins and client admins add, edit and delete them; team members read them here.
 */
export const RequestTemplatesTab = () => {
  const templates = useRequestTemplates();
  const remove = useDeleteRequestTemplate();
  const profile = useProfile();
  const canManage = canManageRequestTemplates(profile);
  const guard = useChangeGuard();
  const { message, modal } = App.useApp();
  const showError = useServerError();
  const [editing, setEditing] = useState<Editing>(null);

  if (templates.isPending) return <PageSpinner caption="Loading your templates…" />;
  if (templates.isError) return <QueryError error={templates.error} title="Could not load your request templates" onRetry={() => void templates.refetch()} />;

  const confirmDelete = (template: RequestTemplate) =>
    modal.confirm({
      title: `Delete the template “${template.name}”?`,
      content: 'Requests already sent from it stay as they are.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(template.pk);
          void message.success(`“${template.name}” deleted`);
        } catch (error) {
          showError(error, 'Could not delete the template');
        }
      },
    });

  const addButton = canManage ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} {...guard}>
      New template
    </Button>
  ) : null;

  return (
    <>
      {templates.data.length === 0 ? (
        <EmptyPanel title="No request templates yet" description="Save the requests you send often, and write the next one in a click.">
          {addButton}
        </EmptyPanel>
      ) : (
        <Card variant="outlined" title="Request templates" extra={addButton} styles={{ body: { paddingTop: 8, paddingBottom: 8 } }}>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {canManage
              ? 'Your team picks these when writing a request, then adds the client, the due date and any files.'
              : 'Your team picks these when writing a request. Your firm’s admins add and change them.'}
          </Typography.Paragraph>
          <Flex vertical role="list" aria-label="Request templates">
            {templates.data.map((template, index) => (
              <Flex
                key={template.pk}
                role="listitem"
                aria-label={template.name}
                gap={12}
                justify="space-between"
                align="start"
                style={{ padding: '12px 0', borderTop: index === 0 ? undefined : '1px solid rgba(5, 5, 5, 0.06)' }}
              >
                <Flex vertical gap={4} style={{ minWidth: 0 }}>
                  <Typography.Text strong>{template.name}</Typography.Text>
                  <TemplateDetails template={template} />
                </Flex>
                {canManage ? (
                  <Flex gap={0} style={{ flex: 'none' }}>
                    <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${template.name}`} onClick={() => setEditing({ template })} {...guard} />
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${template.name}`} onClick={() => confirmDelete(template)} {...guard} />
                  </Flex>
                ) : null}
              </Flex>
            ))}
          </Flex>
        </Card>
      )}
      {editing ? <TemplateFormModal template={editing.template} onClose={() => setEditing(null)} /> : null}
    </>
  );
};
