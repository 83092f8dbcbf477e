import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Typography } from 'antd';
import { reasonUnderName } from '../../../lib/reason-under-name';
import type { QueuedFile, UploadSnapshot } from './upload-queue';
import './upload-panel.css';

const plural = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'file' : 'files'}`;

/** The line on top: which files are on their way, else how it ended. */
const headingOf = ({ files, sending, stopped }: UploadSnapshot) => {
  const total = files.length.toLocaleString('en-US');
  if (sending) return sending.first === sending.last ? `Uploading ${sending.first} of ${total}…` : `Uploading ${sending.first}–${sending.last} of ${total}…`;
  const uploaded = files.filter((file) => file.status === 'uploaded').length;
  const missing = files.length - uploaded;
  if (stopped) return `Upload stopped: ${uploaded.toLocaleString('en-US')} of ${plural(files.length)} uploaded.`;
  if (missing === 0) return `Uploaded ${plural(files.length)}.`;
  return `Uploaded ${uploaded.toLocaleString('en-US')} of ${plural(files.length)}; ${missing.toLocaleString('en-US')} not uploaded.`;
};

const STATE: Record<QueuedFile['status'], { icon: React.ReactNode; text: (file: QueuedFile) => string; danger?: boolean }> = {
  waiting: { icon: <ClockCircleOutlined />, text: () => 'Waiting' },
  sending: { icon: <LoadingOutlined />, text: () => 'Uploading…' },
  uploaded: {
    icon: <CheckCircleFilled className="herd-upload-ok" />,
    // Another name when the chosen one was taken in the folder, or by an earlier file of the same choice.
    text: (file) => (file.keptAs && file.keptAs !== file.name ? `Uploaded as “${file.keptAs}”` : 'Uploaded'),
  },
  refused: { icon: <CloseCircleFilled />, text: (file) => (file.detail ? reasonUnderName(file.name, file.detail) : 'Refused'), danger: true },
  // Why is said once, above the list: it is the same for every file the upload did not reach.
  'not-sent': { icon: <CloseCircleFilled />, text: () => 'Not uploaded', danger: true },
};

/**
 * An upload's progress under the file browser's toolbar: which files are on their way ("Uploading 21–25
 * of 25…"), a bar of the files done, and each file with its state or the reason it was refused. It stays
 * when anything was not uploaded, until closed; Retry sends again the batch an upload stopped on.
 */
export const UploadPanel = ({ snapshot, onRetry, onClose }: { snapshot: UploadSnapshot; onRetry: () => void; onClose: () => void }) => {
  const { files, sending, stopped } = snapshot;
  if (files.length === 0) return null;
  const done = files.filter((file) => file.status !== 'waiting' && file.status !== 'sending').length;
  const trouble = files.some((file) => file.status === 'refused' || file.status === 'not-sent');
  return (
    <section className="herd-upload" aria-label="Upload">
      <div className="herd-upload-head">
        <Typography.Text strong role="status">
          {headingOf(snapshot)}
        </Typography.Text>
        <span className="herd-upload-actions">
          {stopped?.canRetry ? (
            <Button size="small" type="primary" onClick={onRetry}>
              Retry
            </Button>
          ) : null}
          {sending ? null : (
            <Button size="small" onClick={onClose}>
              {stopped?.canRetry ? 'Cancel' : 'Close'}
            </Button>
          )}
        </span>
      </div>
      <Progress
        percent={Math.round((done / files.length) * 100)}
        size="small"
        status={sending ? 'active' : trouble || stopped ? 'exception' : 'success'}
        aria-label="Files done"
      />
      {stopped ? <Alert type={stopped.canRetry ? 'warning' : 'error'} showIcon title={stopped.detail} /> : null}
      <ul className="herd-upload-files" aria-label="Files of the upload">
        {files.map((file) => {
          const state = STATE[file.status];
          const text = state.text(file);
          // A short state sits beside the name; a sentence (a reason, another name) takes its own line and wraps.
          const wide = text.length > 'Uploading…'.length;
          return (
            <li key={file.id} className={`herd-upload-file${state.danger ? ' danger' : ''}${wide ? ' wide' : ''}`}>
              <span className="herd-upload-icon" aria-hidden>
                {state.icon}
              </span>
              <span className="herd-upload-name" title={file.name}>
                {file.name}
              </span>
              <span className="herd-upload-state">{text}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
};
