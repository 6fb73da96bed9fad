import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** The widths every page is checked at: an office desktop and a small phone. */
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Waits until the page has come to rest: no skeleton or busy region (they would hide the rows
 * and figures) and no finite transition or animation running. Dialogs, popovers and menus
 * fade in, and axe reads colours as they are at that instant: half-way through a fade, text
 * fails the contrast check (seen when the machine was idle enough to look early).
 */
async function settled(page: Page) {
  await expect(
    page.locator("[aria-busy='true'], .mantine-Skeleton-root[data-visible]"),
  ).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === "running" &&
                Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
            ).length,
      ),
    )
    .toBe(0);
}

/**
 * Runs axe on the page once it has settled; `where` names the state in the failure message.
 * `serious` counts only serious and critical violations (the sweep of every page); otherwise
 * every violation counts.
 */
export async function expectNoViolations(
  page: Page,
  where: string,
  level: "all" | "serious" = "all",
) {
  await settled(page);
  // The app has no frames, so axe's frame-by-frame mode buys nothing here, and it costs: each
  // check opened a blank page (a new renderer) to merge the frames' results, 0.6 s a check
  // against 0.2 s in the page itself. Only violations are collected in full; passes are not
  // read, and describing every passing node was a third of the rest.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .analyze();
  const found = results.violations
    .filter((violation) =>
      level === "all" ? true : violation.impact === "serious" || violation.impact === "critical",
    )
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(" ")).join(", ");
      return `${violation.id}: ${violation.help} (${targets})`;
    });
  expect(found, where).toEqual([]);
}

/** The sweep's check: no serious or critical violation on the page as it stands. */
export const expectNoSeriousViolations = (page: Page, where: string) =>
  expectNoViolations(page, where, "serious");

/**
 * The page is no wider than `width` (nothing sideways to scroll), once its layout has answered
 * the viewport: after a resize the media queries re-render the page a moment later.
 */
export async function expectFits(page: Page, width: number, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: where })
    .toBeLessThanOrEqual(width);
}

/** Opens a dialog with its trigger, checks the page with it open, and closes it with Escape. */
export async function checkDialog(page: Page, trigger: Locator, name: string) {
  await trigger.click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, `dialog ${name}`);
  // An open select list takes the first Escape; retry until the dialog itself has closed.
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden({ timeout: 1000 });
  }).toPass();
}
