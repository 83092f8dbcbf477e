/**
 * Account types (and, for QuickBooks Online, common subtypes) of each ledger,
 * for the "create category" form. Values as each ledger's API spells them.
 */
export const QBO_ACCOUNT_TYPES: Record<string, readonly string[]> = {
  Bank: ['Checking', 'Savings', 'MoneyMarket', 'CashOnHand', 'TrustAccounts'],
  'Accounts Receivable': ['AccountsReceivable'],
  'Other Current Asset': ['OtherCurrentAssets', 'UndepositedFunds', 'Inventory', 'PrepaidExpenses'],
  'Fixed Asset': ['MachineryAndEquipment', 'FurnitureAndFixtures', 'Vehicles', 'Buildings', 'OtherFixedAssets'],
  'Other Asset': ['OtherLongTermAssets', 'SecurityDeposits'],
  'Accounts Payable': ['AccountsPayable'],
  'Credit Card': ['CreditCard'],
  'Other Current Liability': ['OtherCurrentLiabilities', 'SalesTaxPayable', 'PayrollTaxPayable', 'LineOfCredit'],
  'Long Term Liability': ['NotesPayable', 'OtherLongTermLiabilities'],
  Equity: ['OpeningBalanceEquity', 'OwnersEquity', 'RetainedEarnings', 'PartnerContributions'],
  Income: ['SalesOfProductIncome', 'ServiceFeeIncome', 'DiscountsRefundsGiven', 'OtherPrimaryIncome'],
  'Cost of Goods Sold': ['SuppliesMaterialsCogs', 'CostOfLaborCos', 'ShippingFreightDeliveryCos', 'OtherCostsOfServiceCos'],
  Expense: [
    'AdvertisingPromotional',
    'Auto',
    'BankCharges',
    'EntertainmentMeals',
    'Insurance',
    'LegalProfessionalFees',
    'OfficeGeneralAdministrativeExpenses',
    'RentOrLeaseOfBuildings',
    'RepairMaintenance',
    'SuppliesMaterials',
    'Travel',
    'TravelMeals',
    'Utilities',
    'OtherMiscellaneousServiceCost',
  ],
  'Other Income': ['InterestEarned', 'OtherMiscellaneousIncome'],
  'Other Expense': ['Depreciation', 'ExchangeGainOrLoss', 'OtherMiscellaneousExpense', 'PenaltiesSettlements'],
};

export const QBD_ACCOUNT_TYPES = [
  'AccountsPayable',
  'AccountsReceivable',
  'Bank',
  'CostOfGoodsSold',
  'CreditCard',
  'Equity',
  'Expense',
  'FixedAsset',
  'Income',
  'LongTermLiability',
  'NonPosting',
  'OtherAsset',
  'OtherCurrentAsset',
  'OtherCurrentLiability',
  'OtherExpense',
  'OtherIncome',
] as const;

export const XERO_ACCOUNT_TYPES = [
  'BANK',
  'CURRENT',
  'CURRLIAB',
  'DEPRECIATN',
  'DIRECTCOSTS',
  'EQUITY',
  'EXPENSE',
  'FIXED',
  'INVENTORY',
  'LIABILITY',
  'NONCURRENT',
  'OTHERINCOME',
  'OVERHEADS',
  'PREPAYMENT',
  'REVENUE',
  'SALES',
  'TERMLIAB',
  'PAYG',
] as const;

/** How line amounts treat tax, per ledger (QuickBooks GlobalTaxCalculation, Xero LineAmountTypes). */
export const TAX_CALCULATIONS = {
  QUICKBOOKS: ['TaxExcluded', 'TaxInclusive', 'NotApplicable'],
  XERO: ['Exclusive', 'Inclusive', 'NoTax'],
} as const;
