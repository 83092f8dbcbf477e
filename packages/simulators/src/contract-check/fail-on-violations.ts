import { afterEach } from 'vitest';
import { describeViolation, takeContractViolations } from './violations.js';

/**
 * Test setup shared by every project that runs a simulator: a test fails when any message it caused
 * (Herd's request or the simulator's answer) was outside the service's published contract, even when
 * the code under test swallowed the refusal. A test that provokes one on purpose takes it first.
 */
afterEach(() => {
  const violations = takeContractViolations();
  if (violations.length) throw new Error(`Outside the published contract:\n${violations.map(describeViolation).join('\n')}`);
});
