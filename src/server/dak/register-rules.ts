import { DAK_MESSAGES, type DakSettings, templateNamesSection } from "../../shared/dak";
import { AppError } from "../http/errors";

/**
 * What the office's settings ask of an entry: a category from its list (receipts), and a
 * section from its list, required where the register's template names one.
 */
export function checkAgainstSettings(
  settings: DakSettings,
  template: string,
  entry: { section: string | null; category?: string },
): void {
  if (
    entry.category !== undefined &&
    !settings.categories.some((one) => one.toLowerCase() === entry.category?.toLowerCase())
  )
    throw new AppError("VALIDATION", DAK_MESSAGES.unknownCategory);
  if (entry.section === null) {
    if (templateNamesSection(template))
      throw new AppError("VALIDATION", DAK_MESSAGES.sectionRequired);
    return;
  }
  if (!settings.sections.some((one) => one.toLowerCase() === entry.section?.toLowerCase()))
    throw new AppError("VALIDATION", DAK_MESSAGES.unknownSection);
}

/** The year a number drawn on `today` (yyyy-MM-dd) belongs to. */
export const yearOf = (today: string): number => Number(today.slice(0, 4));
