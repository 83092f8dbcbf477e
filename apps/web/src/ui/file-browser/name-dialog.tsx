import { Input, Modal } from 'antd';
import { useEffect, useState } from 'react';

/** The name rule the server keeps, checked before asking it: not empty, no slash of either kind. */
export const nameProblem = (name: string) => {
  const trimmed = name.trim();
  if (!trimmed) return 'Name is required.';
  if (/[/\\]/.test(trimmed)) return 'Name cannot contain / or \\.';
  if (trimmed === '.' || trimmed === '..') return 'Name is not valid.';
  return null;
};

interface NameDialogProps {
  title: string;
  open: boolean;
  initial: string;
  okText: string;
  onSubmit: (name: string) => void | Promise<unknown>;
  onClose: () => void;
}

/** Asks a folder's or file's name (new folder, rename): Enter confirms, Escape cancels; the file's extension is left out of the first selection. */
export const NameDialog = ({ title, open, initial, okText, onSubmit, onClose }: NameDialogProps) => {
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => setName(initial), [initial, open]);
  const problem = nameProblem(name);
  const submit = async () => {
    if (problem || busy) return;
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: !!problem }}
      destroyOnHidden
    >
      <Input
        aria-label="Name"
        autoFocus
        value={name}
        status={problem && name ? 'error' : undefined}
        onChange={(event) => setName(event.target.value)}
        onFocus={(event) => {
          const dot = initial.lastIndexOf('.');
          event.target.setSelectionRange(0, dot > 0 ? dot : initial.length);
        }}
        onPressEnter={() => void submit()}
      />
      {problem && name ? <div className="herd-fb-error">{problem}</div> : null}
    </Modal>
  );
};
