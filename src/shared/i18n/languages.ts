import { z } from "zod/mini";

export const LANGUAGES = ["en", "ur"] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

export const DEFAULT_LANGUAGE: Language = "en";

/** Each language in its own script: the switch shows them untranslated, as every site does. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ur: "اردو" };

export function directionOf(language: Language): "ltr" | "rtl" {
  return language === "ur" ? "rtl" : "ltr";
}

export function isLanguage(value: unknown): value is Language {
  return languageSchema.safeParse(value).success;
}

/**
 * The first of our languages a browser asks for: an Accept-Language header ("ur-PK,ur;q=0.9,
 * en;q=0.8") or navigator.languages, weighted by q and then by order; English when none match.
 */
export function negotiateLanguage(
  accepted: string | readonly string[] | null | undefined,
): Language {
  const ranges = typeof accepted === "string" ? accepted.split(",") : (accepted ?? []);
  const weighted = ranges
    .map((range, order) => {
      const [tag = "", ...params] = range.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split("-")[0], weight, order };
    })
    .filter(({ weight }) => Number.isFinite(weight) && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return weighted.map(({ base }) => base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
