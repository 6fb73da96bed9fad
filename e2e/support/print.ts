import { expect, type Locator, type Page } from "@playwright/test";

/** Clicks a Print button with the browser's dialog replaced by a counter, and waits for the call. */
export async function clickPrint(page: Page, button: Locator) {
  await page.evaluate(() => {
    const counted = window as unknown as { printCalls: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls += 1;
    };
  });
  await button.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls))
    .toBe(1);
}

export type Printed = {
  /** "A4 portrait", "A4 landscape", or the size in points when it is neither. */
  paper: string;
  pages: number;
};

/** A4 is 595.28 by 841.89 points; Chromium's page is a whole number of pixels near that. */
function paperOf(width: number, height: number): string {
  const near = (points: number, expected: number) => Math.abs(points - expected) < 1.5;
  if (near(width, 595.28) && near(height, 841.89)) return "A4 portrait";
  if (near(width, 841.89) && near(height, 595.28)) return "A4 landscape";
  return `${width} by ${height} points`;
}

/**
 * The page as the printer gets it: Chromium prints it to PDF on A4 (or on the size the page's
 * own `@page` rules ask for, with `preferCSSPageSize`), and the PDF tells its paper and pages.
 */
export async function printed(
  page: Page,
  options: { preferCSSPageSize?: boolean } = {},
): Promise<Printed> {
  await page.emulateMedia({ media: "print" });
  const pdf = (await page.pdf({ format: "A4", printBackground: true, ...options })).toString(
    "latin1",
  );
  await page.emulateMedia({ media: "screen" });
  const [width, height] = (pdf.match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)/) ?? [])
    .slice(1)
    .map(Number);
  // One page object each ("/Type /Pages" is the tree holding them).
  const pages = pdf.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
  return { paper: paperOf(width, height), pages };
}
