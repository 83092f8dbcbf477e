import { Alert, Button, Flex } from 'antd';

interface ConflictPanelProps {
  /** What the other save changed, one sentence each (conflict.ts). */
  changes: string[];
  pending: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/**
 * Someone else saved the transaction while this person was editing it: their save was refused (409), their
 * edits are still in the form, and they choose: save theirs over the other (Keep mine) or drop theirs and
 * see what the other person saved (Take theirs).
 */
export const ConflictPanel = ({ changes, pending, onKeepMine, onTakeTheirs }: ConflictPanelProps) => (
  <Alert
    type="warning"
    showIcon
    role="alert"
    data-testid="edit-conflict"
    title="Someone else saved this transaction while you were editing it"
    description={
      <Flex vertical gap={8}>
        <span>Your changes were not saved and are still in the form. {changes.length > 0 ? 'What they changed:' : 'Nothing you can see here changed.'}</span>
        {changes.length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        ) : null}
        <Flex gap={8} wrap>
          <Button type="primary" onClick={onKeepMine} loading={pending}>
            Keep mine
          </Button>
          <Button onClick={onTakeTheirs} disabled={pending}>
            Take theirs
          </Button>
        </Flex>
      </Flex>
    }
  />
);
