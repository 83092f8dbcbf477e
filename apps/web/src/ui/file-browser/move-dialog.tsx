import { Modal, Select } from 'antd';
import { useState } from 'react';
import type { BrowserCrumb } from './types';

interface MoveDialogProps {
  open: boolean;
  targets: BrowserCrumb[];
  /** Why a folder cannot take the items, or null. */
  refusalOf: (folderId: string | null) => string | null;
  onMove: (folderId: string | null) => void | Promise<unknown>;
  onClose: () => void;
}

const TOP = '__top__';

/** "Move to…": every folder offered, those that cannot take the items shown but not chosen. */
export const MoveDialog = ({ open, targets, refusalOf, onMove, onClose }: MoveDialogProps) => {
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (choice === undefined) return;
    setBusy(true);
    try {
      await onMove(choice === TOP ? null : choice);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="Move to…"
      open={open}
      okText="Move"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: choice === undefined }}
      destroyOnHidden
    >
      <Select
        aria-label="Folder"
        style={{ width: '100%' }}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Choose a folder"
        value={choice}
        onChange={setChoice}
        options={targets.map((target) => {
          const refusal = refusalOf(target.id);
          return { value: target.id ?? TOP, label: target.name, disabled: refusal !== null, title: refusal ?? undefined };
        })}
      />
    </Modal>
  );
};
