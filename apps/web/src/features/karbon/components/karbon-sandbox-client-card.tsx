import type { ReactNode } from 'react';
import { Card, Flex, Tag, Typography } from 'antd';
import { buildPath } from '../../../lib/path-builder';
import { formatDate, formatDateTime } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { ButtonLink } from '../../../ui/button-link';
import { fileStateWords, karbonClientName, type SandboxClient } from '../karbon-sandbox-words';

const KB = 1024;
const size = (bytes: number) => (bytes >= KB * KB ? `${(bytes / KB / KB).toFixed(1)} MB` : `${Math.max(1, Math.ceil(bytes / KB))} KB`);

/** One list of the card: a heading, then its rows or what it says when there are none. */
const Section = ({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) => (
  <section style={{ marginTop: 16 }}>
    <Typography.Title level={5} style={{ marginBottom: 8 }}>
      {title}
    </Typography.Title>
    {children.length > 0 ? <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>{children}</ul> : <Typography.Text type="secondary">{empty}</Typography.Text>}
  </section>
);

const rowStyle = { borderTop: '1px solid rgba(5, 5, 5, 0.06)', padding: '10px 0', overflowWrap: 'anywhere' } as const;

/** A linked client as the sandbox Karbon holds it: the notes and work items Herd wrote there, and the documents filed on it. */
export const KarbonSandboxClientCard = ({ client }: { client: SandboxClient }) => (
  <Card
    title={<span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{karbonClientName(client)}</span>}
    extra={
      <ButtonLink type="link" to={buildPath(routes.accountant.receipts, { clientPk: client.client_company })} style={{ paddingInline: 0 }}>
        Receipts in Herd
      </ButtonLink>
    }
  >
    <Typography.Text type="secondary">
      {client.karbon_type} in Karbon, linked to <strong>{client.company_name}</strong> in Herd.{' '}
      {client.import_receipts ? 'Its photos and PDFs become receipts in Herd.' : 'Receipts from Karbon are off for it.'}
    </Typography.Text>
    <Section title="Notes Herd wrote" empty="No notes yet: Herd writes one when the client finishes transactions or answers a request (as the settings say).">
      {client.notes.map((note) => (
        <li key={note.key} style={rowStyle}>
          <Flex wrap justify="space-between" gap="4px 12px">
            <Typography.Text strong>{note.subject}</Typography.Text>
            {note.date ? <Typography.Text type="secondary">{formatDateTime(note.date)}</Typography.Text> : null}
          </Flex>
          <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{note.body}</Typography.Paragraph>
        </li>
      ))}
    </Section>
    <Section title="Work items Herd created" empty="No work items yet: Herd makes them only where the settings ask for them (and a work type is chosen).">
      {client.work_items.map((item) => (
        <li key={item.key} style={rowStyle}>
          <Flex wrap justify="space-between" gap="4px 12px" align="center">
            <Typography.Text strong>{item.title}</Typography.Text>
            <Tag style={{ marginInlineEnd: 0 }}>{item.status}</Tag>
          </Flex>
          {item.start_date ? <Typography.Text type="secondary">Starts {formatDate(item.start_date)}</Typography.Text> : null}
        </li>
      ))}
    </Section>
    <Section title="Documents filed" empty="Nothing filed on this client yet.">
      {client.files.map((file) => {
        const words = fileStateWords(file, client);
        return (
          <li key={file.key} style={rowStyle}>
            <Flex wrap justify="space-between" gap="4px 12px" align="center">
              <Typography.Text strong>{file.name}</Typography.Text>
              <Tag color={words.color} style={{ marginInlineEnd: 0 }}>
                {words.tag}
              </Tag>
            </Flex>
            <Typography.Text type="secondary">
              {size(file.size)} · filed {formatDateTime(file.date)}. {words.detail}
            </Typography.Text>
          </li>
        );
      })}
    </Section>
  </Card>
);
