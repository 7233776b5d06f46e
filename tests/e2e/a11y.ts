// The accessibility check of the browser tests: axe-core run in the page against WCAG 2.2 AA
// (and the 2.0 / 2.1 A and AA rules under it). A screen joins with one line:
//   await expectNoA11yViolations(t, page, 'portal top');
// Every violation fails the test with its rule, impact, help text and the offending elements,
// so the message says what to fix. Fix findings in the tokens and components, not by
// switching rules off (docs/accessibility.md).
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { Test } from 'tap';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');
let source: string | null = null;
const axeSource = async () => (source ??= await fs.readFile(AXE_PATH, 'utf8'));
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string; summary: string }>;
}

/** Runs axe on the page as it is now and returns its violations (none when clean). */
export async function a11yViolations(page: Page): Promise<A11yViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated through the DevTools protocol: the portal's Content-Security-Policy (script-src
  // 'self') rightly blocks an injected <script> tag (page.addScriptTag).
  if (!loaded) await page.evaluate(`${await axeSource()}\n;void 0`);
  return page.evaluate(async (tags) => {
    type AxeNode = { target: unknown[]; failureSummary?: string };
    type AxeResult = { id: string; impact: string | null; help: string; nodes: AxeNode[] };
    const axe = (
      window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeResult[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 8).map((n) => ({
        target: n.target.map(String).join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
      })),
    }));
  }, A11Y_TAGS);
}

/** Fails `t` with the violations axe finds on the screen `name` (one assertion a screen). */
export async function expectNoA11yViolations(t: Test, page: Page, name: string): Promise<void> {
  const violations = await a11yViolations(page);
  t.same(violations, [], `${name}: no WCAG 2.2 AA violations`);
}
