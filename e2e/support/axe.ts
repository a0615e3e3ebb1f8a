import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Fluent UI's focus manager (Tabster) puts `<i data-tabster-dummy tabindex="0" aria-hidden="true">`
 * around focus traps: they only bounce focus on to the right element and are hidden from screen
 * readers on purpose. axe reports them under aria-hidden-focus; Fluent lists this as a known false
 * positive (Accessibility Insights suppresses it too). Only those nodes, only for that rule, are
 * left out; every other node of that rule and every other rule still counts.
 */
const isTabsterDummy = (ruleId: string, html: string) =>
  ruleId === 'aria-hidden-focus' && /^<i [^>]*data-tabster-dummy/.test(html);

export interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/** Serious and critical axe violations on the page as it is now, summarised for a readable failure. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // WCAG 2.5.3 (label in name) is an experimental rule in axe, off unless asked for (issue 23).
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.filter((n) => !isTabsterDummy(v.id, n.html)).map((n) => n.target.join(' ')),
    }))
    .filter((v) => v.nodes.length > 0);
}
