import axe from 'axe-core';

/**
 * The serious and critical axe violations inside `root`, as readable strings (empty = pass).
 * Colour contrast needs real layout, which jsdom lacks: the end-to-end tests check it in Chromium.
 * Every app's tests import it as '@hub/shared/testing/axe-violations' (not from the browser barrel).
 */
export async function seriousAxeViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}
