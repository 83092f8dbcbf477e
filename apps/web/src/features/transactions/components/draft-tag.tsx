import { Tag } from 'antd';
import { useProfile } from '../../auth/api';
import type { Side } from '../api';
import { draftKey, useHasDraft } from '../drafts';

/** "Draft" beside a transaction whose editor was closed with unsaved changes. */
export const DraftTag = ({ transactionPk, side }: { transactionPk: number; side: Side }) => {
  const profile = useProfile();
  return useHasDraft(draftKey(profile.pk, side, transactionPk)) ? (
    <Tag color="gold" variant="filled">
      Draft
    </Tag>
  ) : null;
};
