/**
 * The dashboard's list screens. Their lists arrive with later
 * issues; until then each says honestly what will appear there.
 */
export interface DashboardSection {
  title: string;
  subtitle: string;
  emptyTitle: string;
  emptyDescription: string;
  /** The route carries :clientPk. */
  perClient: boolean;
}

const section = (title: string, subtitle: string, emptyTitle: string, emptyDescription: string, perClient = true): DashboardSection => ({
  title,
  subtitle,
  emptyTitle,
  emptyDescription,
  perClient,
});

export const dashboardSections = {
  accountantCategorized: section(
    'Categorized transactions',
    'Transactions the client has explained, ready for your review and publishing.',
    'No categorized transactions yet',
    'When the client categorizes a transaction, it appears here for you to review and write back to the ledger.',
  ),
  accountantHidden: section(
    'Hidden transactions',
    'Transactions you have hidden from the client.',
    'No hidden transactions',
    'Transactions you hide from this client are kept here, so you can bring them back at any time.',
  ),
  clientTransactionsCompleted: section(
    'Completed transactions',
    'Transactions you have categorized.',
    'No completed transactions yet',
    'Transactions you categorize move here once you have finished them.',
  ),
} satisfies Record<string, DashboardSection>;

export type DashboardSectionKey = keyof typeof dashboardSections;
