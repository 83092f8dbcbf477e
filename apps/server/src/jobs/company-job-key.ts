/** Jobs of one company run one at a time: two writes never race on one ledger transaction. */
export const companyJobKey = (companyPk: number) => `company:${companyPk}`;
