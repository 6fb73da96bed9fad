import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** The widths every page is checked at: an office desktop and a small phone. */
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** Runs axe on the page as it stands; `where` names the state in the failure message. */
export async function expectNoSeriousViolations(page: Page, where: string) {
  // Checked once loaded: skeletons and busy regions would hide the rows and figures.
  await expect(
    page.locator("[aria-busy='true'], .mantine-Skeleton-root[data-visible]"),
  ).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(" ")).join(", ");
      return `${violation.id}: ${violation.help} (${targets})`;
    });
  expect(serious, where).toEqual([]);
}

/** Opens a dialog with its trigger, checks the page with it open, and closes it with Escape. */
export async function checkDialog(page: Page, trigger: Locator, name: string) {
  await trigger.click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  // Modals fade in; axe reads colours mid-transition otherwise.
  await expect(dialog).toHaveCSS("opacity", "1");
  await expectNoSeriousViolations(page, `dialog ${name}`);
  // An open select list takes the first Escape; retry until the dialog itself has closed.
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden({ timeout: 1000 });
  }).toPass();
}
