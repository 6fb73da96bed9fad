import { DAK_MESSAGES, type DakSettings, templateNamesSection } from "../../shared/dak";
import { AppError } from "../http/errors";

/**
 * What the office's settings ask of an entry: a category from its list (receipts), and a
 * section from its list, required where the register's template names one. Answers both as
 * the office spells them ("acad" is "Acad"), so that one section keeps one running number and
 * one spelling in its numbers, and the register's filters find every entry of a category.
 */
export function checkAgainstSettings(
  settings: DakSettings,
  template: string,
  entry: { section: string | null; category?: string },
): { section: string | null; category: string | undefined } {
  const same = (value: string | undefined) => (one: string) =>
    one.toLowerCase() === value?.toLowerCase();
  const category =
    entry.category === undefined ? undefined : settings.categories.find(same(entry.category));
  if (entry.category !== undefined && category === undefined)
    throw new AppError("VALIDATION", DAK_MESSAGES.unknownCategory);
  if (entry.section === null) {
    if (templateNamesSection(template))
      throw new AppError("VALIDATION", DAK_MESSAGES.sectionRequired);
    return { section: null, category };
  }
  const section = settings.sections.find(same(entry.section));
  if (section === undefined) throw new AppError("VALIDATION", DAK_MESSAGES.unknownSection);
  return { section, category };
}

/** The year a number drawn on `today` (yyyy-MM-dd) belongs to. */
export const yearOf = (today: string): number => Number(today.slice(0, 4));
