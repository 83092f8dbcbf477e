import { useRef, useState, type DragEvent } from 'react';
import { Button, Checkbox, Flex, Typography, theme } from 'antd';
import { CameraOutlined, CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled, LoadingOutlined, MinusCircleOutlined, UploadOutlined } from '@ant-design/icons';
import { RECEIPT_UPLOAD_MAX_FILES } from '@herd/contract';
import { reasonUnderName } from '../../../lib/reason-under-name';
import { useTouchDevice } from '../../../lib/use-touch-device';
import { ChangesOnly } from '../../billing/read-only-guard';
import { JOIN_FAILED, ONLY_PHOTOS_JOIN, TOO_MANY_FILES, type UploadItem } from './upload-outcome';
import { loadPdfMaker, photosAsOneReceipt } from './photo-pages';
import { useReceiptCaptures } from './use-receipt-captures';

const ACCEPT = 'image/*,application/pdf';

const StateIcon = ({ item }: { item: UploadItem }) => {
  switch (item.state.kind) {
    case 'sending':
      return <LoadingOutlined aria-label="Uploading" />;
    case 'sent':
      return <CheckCircleFilled aria-label="Uploaded" style={{ color: '#2f8f5b' }} />;
    case 'refused':
      return <CloseCircleFilled aria-label="Refused" style={{ color: '#b42318' }} />;
    case 'held':
      return <MinusCircleOutlined aria-label="Not sent" style={{ color: '#8a6d00' }} />;
    case 'waiting':
      return <ClockCircleOutlined aria-label="Waiting for a connection" style={{ color: '#5c6b63' }} />;
  }
};

const stateWords = (item: UploadItem): string => {
  if (item.state.kind === 'sending') return 'Uploading…';
  if (item.state.kind === 'sent') return 'Uploaded';
  if (item.state.kind === 'waiting') return 'Waiting for a connection: kept on this phone and sent by itself when you are back online.';
  return reasonUnderName(item.file.name, item.state.reason);
};

/**
 * Hands receipts over: several photos or PDFs at once, chosen, dropped (desktop) or taken with the
 * phone's camera, each a receipt; or, as "one long receipt", several photos joined into one PDF, a page each.
 * Every file shows where it stands; the server's refusals are shown on their file.
 */
export const ReceiptUpload = ({ companyPk }: { companyPk: number }) => {
  const { token } = theme.useToken();
  const touch = useTouchDevice();
  const { items, setItems, start: send, pending } = useReceiptCaptures(companyPk);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const chooser = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);

  const [oneReceipt, setOneReceipt] = useState(false);
  const [joining, setJoining] = useState(0);

  const start = async (chosen: readonly File[]) => {
    if (chosen.length === 0) return;
    if (chosen.length > RECEIPT_UPLOAD_MAX_FILES) {
      setProblem(TOO_MANY_FILES);
      return;
    }
    setProblem(null);
    let files = chosen;
    if (oneReceipt && chosen.length > 1) {
      if (chosen.some((file) => !file.type.startsWith('image/'))) {
        setProblem(ONLY_PHOTOS_JOIN);
        return;
      }
      setJoining(chosen.length);
      try {
        files = [await photosAsOneReceipt(chosen)];
      } catch {
        setProblem(JOIN_FAILED);
        return;
      } finally {
        setJoining(0);
      }
    }
    await send(files);
  };

  const held = items.filter((item) => item.state.kind === 'held');
  const sendHeldAgain = () => {
    setItems((all) => all.filter((item) => item.state.kind !== 'held'));
    void start(held.map((item) => item.file));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void start([...event.dataTransfer.files]);
  };

  return (
    <ChangesOnly>
      <section aria-label="Upload receipts">
        <div
          data-testid="receipt-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          style={{
            border: `1px dashed ${dragging ? token.colorPrimary : token.colorBorder}`,
            background: dragging ? token.colorPrimaryBg : token.colorFillQuaternary,
            borderRadius: token.borderRadiusLG,
            padding: 16,
          }}
        >
          <Flex vertical gap={10} align="center">
            <Flex gap={8} wrap justify="center" style={{ width: '100%' }}>
              {touch ? (
                <Button type="primary" icon={<CameraOutlined />} onClick={() => camera.current?.click()}>
                  Take photo
                </Button>
              ) : null}
              <Button type={touch ? 'default' : 'primary'} icon={<UploadOutlined />} onClick={() => chooser.current?.click()}>
                Choose files
              </Button>
            </Flex>
            <Typography.Text type="secondary" style={{ textAlign: 'center', fontSize: 13 }}>
              {touch ? 'Photos or PDFs, several at once.' : 'Or drop photos and PDFs here, several at once.'}
            </Typography.Text>
            <Checkbox
              checked={oneReceipt}
              onChange={(event) => {
                setOneReceipt(event.target.checked);
                // Fetched now, while there is a connection: the photos may be taken where there is none.
                if (event.target.checked) void loadPdfMaker().catch(() => undefined);
              }}
            >
              The photos are one long receipt
            </Checkbox>
          </Flex>
          <input
            ref={chooser}
            type="file"
            multiple
            accept={ACCEPT}
            hidden
            data-testid="receipt-file-input"
            onChange={(event) => {
              void start([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            data-testid="receipt-camera-input"
            onChange={(event) => {
              void start([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </div>
        {joining > 0 ? (
          <Typography.Text type="secondary" role="status" style={{ display: 'block', marginTop: 8 }}>
            <LoadingOutlined /> Joining {joining} photos into one receipt…
          </Typography.Text>
        ) : null}
        {problem ? (
          <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
            {problem}
          </Typography.Text>
        ) : null}
        {items.length > 0 ? (
          <ul aria-label="Uploads" style={{ margin: '10px 0 0', padding: 0 }}>
            {items.map((item) => (
              <li key={item.id} data-testid="upload-item" style={{ listStyle: 'none', padding: '6px 0' }}>
                <Flex gap={8} align="flex-start">
                  <span style={{ paddingTop: 2 }}>
                    <StateIcon item={item} />
                  </span>
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Typography.Text ellipsis>{item.file.name}</Typography.Text>
                    <Typography.Text type={item.state.kind === 'refused' ? 'danger' : 'secondary'} style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
                      {stateWords(item)}
                    </Typography.Text>
                  </Flex>
                </Flex>
              </li>
            ))}
          </ul>
        ) : null}
        <Flex gap={8} wrap style={{ marginTop: items.length > 0 ? 6 : 0 }}>
          {held.length > 0 && !pending ? <Button onClick={sendHeldAgain}>Send the {held.length === 1 ? 'other file' : `other ${held.length} files`}</Button> : null}
          {items.length > 0 && !pending ? (
            <Button type="link" onClick={() => setItems([])}>
              Clear
            </Button>
          ) : null}
        </Flex>
      </section>
    </ChangesOnly>
  );
};
