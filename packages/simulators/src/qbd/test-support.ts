import { Clock } from '../qbo/clock.js';
import { QbdCompany } from './company-store.js';
import { seedQbdCompany, type SeedQbdCompanyOptions } from './seed.js';

/** A fixed start so seeded ids, dates and EditSequences repeat in every test run. */
export const TEST_START = Date.parse('2026-06-01T16:00:00Z');

export function seededCompany(options: SeedQbdCompanyOptions = {}, name = 'Sample Company'): QbdCompany {
  const company = new QbdCompany(name, new Clock(TEST_START));
  seedQbdCompany(company, options);
  return company;
}
