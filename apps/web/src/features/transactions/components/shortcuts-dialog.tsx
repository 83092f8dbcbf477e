import { Modal, Typography } from 'antd';

const SHORTCUTS: [string, string][] = [
  ['j / k', 'Next / previous transaction (turns the page at either end)'],
  ['x', 'Select or unselect the current transaction'],
  ['Enter', 'Open the current transaction'],
  ['Ctrl + Enter', 'Save as done (in the editor)'],
  ['Enter, again', 'Save as done, after choosing a category with Enter'],
  ['Escape', 'Close the editor'],
  ['?', 'Show these shortcuts'],
];

export const ShortcutsDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => (
  <Modal open={open} onCancel={onClose} footer={null} title="Keyboard shortcuts">
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 16px', margin: 0 }}>
      {SHORTCUTS.map(([keys, what]) => (
        <div key={keys} style={{ display: 'contents' }}>
          <dt>
            <Typography.Text keyboard>{keys}</Typography.Text>
          </dt>
          <dd style={{ margin: 0 }}>{what}</dd>
        </div>
      ))}
    </dl>
  </Modal>
);
