import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The accessibility check of every e2e walk: axe-core (bundled in the npm package, injected into the page,
 * nothing fetched) with the WCAG 2.1 A and AA rules. Serious and critical findings fail; moderate and minor
 * ones (best practices, mostly) are left to review.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface A11yFinding {
  rule: string;
  impact: string;
  /** The CSS path of the element. */
  target: string;
  /** axe's own words for what is wrong with this element (a contrast ratio, a missing name). */
  summary: string;
}

/** Every serious or critical WCAG 2.1 A/AA finding on the page as it stands now, one per element. */
export const seriousA11yFindings = async (page: Page): Promise<A11yFinding[]> => {
  const results = await new AxeBuilder({ page })
    // Only the violations are read: axe skips gathering what passed, the larger part of its time on a long list.
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    // Run in the page itself: the default mode opens a second page per check to merge frames' results, and Herd has no frames.
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        target: node.target.map(String).join(' >> '),
        summary: (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim(),
      })),
    );
};

/** The findings as a list a person can act on: rule, element, and what is wrong. */
export const describeFindings = (label: string, findings: A11yFinding[]): string =>
  [`${label}: ${findings.length} serious or critical accessibility finding(s)`, ...findings.map((f) => `  - [${f.impact}] ${f.rule} at ${f.target}: ${f.summary}`)].join(
    '\n',
  );

/**
 * Fails (softly, so one walk reports every screen) when the page has a serious or critical WCAG 2.1 A/AA
 * violation, naming each element and what is wrong with it.
 */
export const expectNoSeriousA11yViolations = async (page: Page, label: string): Promise<void> => {
  const findings = await seriousA11yFindings(page);
  expect.soft(findings.length, describeFindings(label, findings)).toBe(0);
};
