import type { ReactNode } from 'react';
import { App, Button, Card, Divider, Flex, Typography } from 'antd';
import { CloudDownloadOutlined, ExperimentOutlined } from '@ant-design/icons';
import type { QbdConnector } from '@herd/contract/qbd';
import { countText } from '../../lib/format';
import { SandboxTag } from '../../ui/ledger-sync-tags';
import { QueryError } from '../../ui/query-error';
import { useServerError } from '../../ui/use-server-error';
import { useChangeGuard } from '../billing/read-only-guard';
import { useQbdConnector, useQbdPullAtNextRun, useQbdSandboxRun } from './api';
import { CompanyFileForm } from './components/company-file-form';
import { LastRun } from './components/last-run';
import { PasswordStep } from './components/password-step';
import { QwcDownload } from './components/qwc-download';
import { RUN_OUTCOMES } from './qbd-words';

/** One numbered step of the set-up. */
const Step = ({ n, title, children }: { n: number; title: string; children: ReactNode }) => (
  <section aria-label={title}>
    <Typography.Title level={5} style={{ marginTop: 0 }}>
      {n}. {title}
    </Typography.Title>
    {children}
  </section>
);

/** What to do on the Windows computer that has QuickBooks: the Web Connector's own words, in its order. */
const WebConnectorSteps = () => (
  <ol style={{ margin: 0, paddingInlineStart: 20 }}>
    <li>In QuickBooks Desktop, sign in as the admin and open this client’s company file.</li>
    <li>Open the QuickBooks Web Connector (in QuickBooks: File → Update Web Services).</li>
    <li>Click “Add an application” and pick the .qwc file you downloaded; say yes when QuickBooks asks whether to let Herd in, even when QuickBooks is not running.</li>
    <li>Type the password in the Password column of the Herd row, and save it when asked.</li>
    <li>Tick the box beside Herd and click “Update selected”. The Web Connector then runs on its own at the interval you chose.</li>
  </ol>
);

/** Sandbox companies only: the simulated Web Connector runs a whole session against a simulated company file, now. */
const SandboxRun = ({ connector }: { connector: QbdConnector }) => {
  const run = useQbdSandboxRun(connector.client_company);
  const { message } = App.useApp();
  const showError = useServerError();
  const guard = useChangeGuard();
  const onClick = async () => {
    try {
      const done = await run.mutateAsync();
      const words = RUN_OUTCOMES[done.outcome].label;
      if (done.outcome === 'FINISHED') void message.success(`Sandbox run finished (${countText(done.requests, 'request')})`);
      else void message.warning(`Sandbox run: ${words}${done.error ? `: ${done.error}` : ''}`);
    } catch (error) {
      showError(error, 'Could not run the sandbox Web Connector');
    }
  };
  return (
    // Magenta like the Sandbox tag: this box is about the simulated file, never the client's books.
    <div style={{ background: '#fff0f6', border: '1px solid #ffadd2', borderRadius: 8, padding: '12px 16px' }} data-testid="qbd-sandbox">
      <Flex vertical gap={8} align="flex-start">
        <Typography.Text strong>
          <ExperimentOutlined style={{ color: '#c41d7f', marginInlineEnd: 6 }} />
          Sandbox company: no real QuickBooks
        </Typography.Text>
        <Typography.Text>
          This company is linked to a simulated QuickBooks company file on Herd’s server. Instead of waiting for a Web Connector on a Windows computer, run Herd’s
          simulated one now: it pulls the sandbox file’s transactions and writes back published answers, as a real run would.
        </Typography.Text>
        <Button
          icon={<ExperimentOutlined />}
          loading={run.isPending}
          onClick={() => void onClick()}
          style={{ whiteSpace: 'normal', height: 'auto', minHeight: 32, paddingBlock: 4, textAlign: 'start' }}
          {...guard}
        >
          Run the Web Connector now (sandbox)
        </Button>
      </Flex>
    </div>
  );
};

/**
 * A QuickBooks Desktop company's set-up on its settings page: the last run and the next, and the four steps that
 * link the company file through the QuickBooks Web Connector (the .qwc file, its password, the Web Connector, the file path).
 */
export const QbdSetupCard = ({ companyPk, canManage }: { companyPk: number; canManage: boolean }) => {
  const connector = useQbdConnector(companyPk);
  const pull = useQbdPullAtNextRun(companyPk);
  const { message } = App.useApp();
  const showError = useServerError();
  const guard = useChangeGuard();

  const onPull = async () => {
    try {
      const answer = await pull.mutateAsync();
      void message.success(answer.detail);
    } catch (error) {
      showError(error, 'Could not ask for a pull');
    }
  };

  const data = connector.data;
  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          QuickBooks Desktop
          {data?.sync.sandbox ? <SandboxTag kind="QBD" /> : null}
        </Flex>
      }
      variant="outlined"
      data-testid="qbd-setup-card"
      loading={connector.isPending}
    >
      {connector.isError ? (
        <QueryError error={connector.error} title="Could not load the QuickBooks Desktop set-up" onRetry={() => void connector.refetch()} />
      ) : data ? (
        <Flex vertical gap={16}>
          <LastRun connector={data} />
          <Flex gap={8} wrap align="center">
            <Button icon={<CloudDownloadOutlined />} loading={pull.isPending} onClick={() => void onPull()} {...guard}>
              Pull at the next run
            </Button>
            <Typography.Text type="secondary">Asks the next Web Connector run to fetch what changed in QuickBooks.</Typography.Text>
          </Flex>
          {data.sync.sandbox ? <SandboxRun connector={data} /> : null}
          <Divider style={{ margin: 0 }} />
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            The QuickBooks Web Connector, a free Intuit program on the Windows computer that has QuickBooks, runs Herd on a schedule: each run pulls new transactions and
            writes back the answers you published. Set it up once:
          </Typography.Paragraph>
          <Step n={1} title="Choose how often it runs and download the file">
            <QwcDownload connector={data} />
          </Step>
          <Step n={2} title="Make the password">
            <PasswordStep connector={data} canManage={canManage} />
          </Step>
          <Step n={3} title="Add Herd to the Web Connector">
            <WebConnectorSteps />
          </Step>
          <Step n={4} title="Check the company file and the interval">
            <CompanyFileForm key={`${data.company_file_path ?? ''}|${data.run_every_minutes}`} connector={data} />
          </Step>
        </Flex>
      ) : null}
    </Card>
  );
};
