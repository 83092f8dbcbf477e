import { useRef, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { CameraOutlined, CheckCircleFilled, CloseCircleFilled, CloseOutlined, LoadingOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { COMMUNICATION_MAX_ATTACHMENTS, type StoredFile } from '@herd/contract';
import { serverErrorText } from '../../../lib/form-errors';
import { useTouchDevice } from '../../../lib/use-touch-device';
import { useUploadRequestFile } from './client-requests-api';

/** What the server stores for a company: photos, PDFs and CSV files (it reads the type from the bytes and says so if not). */
const ACCEPT = 'image/*,application/pdf,.csv,text/csv';

/** One file chosen in this picker: on its way, stored (it joins the answer), or refused with the server's reason. */
interface Pending {
  id: number;
  name: string;
  state: { kind: 'sending' } | { kind: 'refused'; reason: string };
}

interface RequestFilePickerProps {
  companyPk: number;
  /** What the picker is for, read by screen readers on its buttons and inputs ("Bank statement"). */
  label: string;
  /** The files the answer holds now. */
  value: readonly StoredFile[];
  onChange: (files: StoredFile[]) => void;
  /** A single file (a signed W-9) rather than several. */
  single?: boolean;
  disabled?: boolean;
}

/**
 * Choose files (and, on a phone, take a photo) for one answer. Each file is stored as soon as it is
 * chosen, with its own progress; a file the server refuses (empty, a name that lies about its type)
 * shows the reason beside it and stays out of the answer. The stored ones join the answer, which is
 * sent when the person saves it.
 */
export const RequestFilePicker = ({ companyPk, label, value, onChange, single = false, disabled = false }: RequestFilePickerProps) => {
  const touch = useTouchDevice();
  const store = useUploadRequestFile(companyPk);
  const [pending, setPending] = useState<Pending[]>([]);
  const nextId = useRef(1);
  const chooser = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  // The latest answer, for uploads that finish after other changes.
  const current = useRef(value);
  current.current = value;

  const start = (files: File[]) => {
    const room = single ? 1 : COMMUNICATION_MAX_ATTACHMENTS - current.current.length;
    for (const [index, file] of files.entries()) {
      const id = nextId.current++;
      if (index >= room) {
        setPending((all) => [...all, { id, name: file.name, state: { kind: 'refused', reason: `At most ${COMMUNICATION_MAX_ATTACHMENTS} files per answer.` } }]);
        continue;
      }
      setPending((all) => [...all, { id, name: file.name, state: { kind: 'sending' } }]);
      store.mutateAsync(file).then(
        (stored) => {
          setPending((all) => all.filter((p) => p.id !== id));
          const next = single ? [stored] : [...current.current, stored];
          current.current = next;
          onChange(next);
        },
        (error: unknown) => setPending((all) => all.map((p) => (p.id === id ? { ...p, state: { kind: 'refused', reason: serverErrorText(error) } } : p))),
      );
    }
  };

  const input = (ref: React.RefObject<HTMLInputElement | null>, camera: boolean) => (
    <input
      ref={ref}
      type="file"
      hidden
      // A style of its own as well: a form's styles (antd's show file inputs as blocks) beat the `hidden` attribute.
      style={{ display: 'none' }}
      multiple={!single && !camera}
      accept={camera ? 'image/*' : ACCEPT}
      {...(camera ? { capture: 'environment' as const } : {})}
      aria-label={camera ? `Take a photo for ${label}` : `Choose files for ${label}`}
      data-testid={camera ? 'request-camera-input' : 'request-file-input'}
      onChange={(event) => {
        start([...(event.target.files ?? [])]);
        event.target.value = '';
      }}
    />
  );

  return (
    <Flex vertical gap={6}>
      {value.length > 0 ? (
        <ul aria-label={`Files for ${label}`} style={{ margin: 0, padding: 0 }}>
          {value.map((file) => (
            <li key={file.pk} style={{ listStyle: 'none', padding: '2px 0' }}>
              <Flex gap={6} align="center" style={{ minWidth: 0 }}>
                <PaperClipOutlined />
                <Typography.Link href={file.url} target="_blank" rel="noreferrer" ellipsis style={{ flex: 1, minWidth: 0 }}>
                  {file.name}
                </Typography.Link>
                {disabled ? null : (
                  <Button
                    type="text"
                    size="small"
                    icon={<CloseOutlined />}
                    aria-label={`Remove ${file.name}`}
                    onClick={() => onChange(value.filter((f) => f.pk !== file.pk))}
                  />
                )}
              </Flex>
            </li>
          ))}
        </ul>
      ) : null}
      {pending.map((p) => (
        <Flex key={p.id} gap={8} align="flex-start" data-testid="request-upload">
          <span style={{ paddingTop: 2 }}>
            {p.state.kind === 'sending' ? <LoadingOutlined aria-label="Uploading" /> : <CloseCircleFilled aria-label="Refused" style={{ color: '#b42318' }} />}
          </span>
          <Flex vertical style={{ minWidth: 0, flex: 1 }}>
            <Typography.Text ellipsis>{p.name}</Typography.Text>
            <Typography.Text type={p.state.kind === 'refused' ? 'danger' : 'secondary'} style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
              {p.state.kind === 'refused' ? p.state.reason : 'Uploading…'}
            </Typography.Text>
          </Flex>
          {p.state.kind === 'refused' ? (
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={`Dismiss ${p.name}`}
              onClick={() => setPending((all) => all.filter((x) => x.id !== p.id))}
            />
          ) : null}
        </Flex>
      ))}
      {disabled ? null : (
        <Flex gap={8} wrap>
          {touch ? (
            <Button icon={<CameraOutlined />} onClick={() => camera.current?.click()}>
              Take photo
            </Button>
          ) : null}
          <Button icon={<UploadOutlined />} onClick={() => chooser.current?.click()}>
            {single ? 'Choose file' : 'Choose files'}
          </Button>
          {value.length > 0 && pending.length === 0 ? <CheckCircleFilled aria-label="Files ready" style={{ color: '#2f8f5b', alignSelf: 'center' }} /> : null}
        </Flex>
      )}
      {input(chooser, false)}
      {input(camera, true)}
    </Flex>
  );
};
