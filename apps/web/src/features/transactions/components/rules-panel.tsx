import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { canAdministerFirm } from '../../../lib/permissions';
import { useProfile } from '../../auth/api';
import { useChangeGuard } from '../../billing/read-only-guard';
import { draftFromPattern, EMPTY_DRAFT, type RuleDraft } from '../rule-draft';
import { PatternsTable } from './patterns-table';
import { RuleFormModal } from './rule-form-modal';
import { RulesTable } from './rules-table';

/** The accountant's rules for one client, and what Herd learned from the client's answers, with "Make a rule" on each. */
export const RulesPanel = ({ companyPk }: { companyPk: number }) => {
  const profile = useProfile();
  const isFirmAdmin = canAdministerFirm(profile);
  const guard = useChangeGuard();
  const [draft, setDraft] = useState<RuleDraft | null>(null);
  return (
    <>
      <Flex vertical gap={24}>
        <section aria-label="Rules for this client">
          <Flex justify="space-between" align="start" gap={16} wrap>
            <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
              A rule files every transaction whose payee or description contains its text under its category. With auto-answer on, it answers them itself: they wait in
              Categorized, marked Auto, for you to review. With auto-publish on (firm administrators), they go straight to the ledger.
            </Typography.Paragraph>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft(EMPTY_DRAFT)} {...guard}>
              New rule
            </Button>
          </Flex>
          <RulesTable companyPk={companyPk} isFirmAdmin={isFirmAdmin} />
        </section>
        <section aria-label="Learned patterns">
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            Learned patterns
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            What Herd learned from this client’s answers: “Right” is the share of answers that chose the category Herd suggests now; “Taken as suggested” counts one-tap
            answers nobody changed since.
          </Typography.Paragraph>
          <PatternsTable companyPk={companyPk} onMakeRule={(pattern) => setDraft(draftFromPattern(pattern))} />
        </section>
      </Flex>
      <RuleFormModal companyPk={companyPk} draft={draft} canWriteFirmRules={isFirmAdmin} onClose={() => setDraft(null)} />
    </>
  );
};
