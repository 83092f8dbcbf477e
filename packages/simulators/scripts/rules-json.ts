/**
 * Writes a rules file as JSON a person can read and a diff can follow: each section's entries
 * sorted by name, one entry to a line.
 */
export function writeRulesJson(rules: object): string {
  const sections = Object.entries(rules).map(([name, value]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || name === 'source') return `  ${JSON.stringify(name)}: ${JSON.stringify(value)}`;
    const entries = Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([entry, rule]) => `    ${JSON.stringify(entry)}: ${JSON.stringify(rule)}`);
    return `  ${JSON.stringify(name)}: {\n${entries.join(',\n')}\n  }`;
  });
  return `{\n${sections.join(',\n')}\n}\n`;
}
