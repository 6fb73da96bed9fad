import { z } from "zod/mini";

/**
 * A list's optional columns in the address bar (`columns=diaryNo`), so that a reload, a shared
 * link and a saved view (which keeps the query string) show the same columns. Names the list
 * does not offer are dropped and the rest written in the list's order: one spelling for each
 * choice, and none shown is no parameter at all.
 */
export function shownColumnsField<Name extends string>(names: readonly Name[]) {
  return z.catch(
    z.pipe(
      z.optional(z.string()),
      z.transform((text) => {
        const shown = shownColumnsOf(names, text);
        return shown.length ? shown.join(",") : undefined;
      }),
    ),
    undefined,
  );
}

/** The optional columns a list's `columns` value shows, in the list's order. */
export function shownColumnsOf<Name extends string>(
  names: readonly Name[],
  value: string | undefined,
): Name[] {
  const shown = value?.split(",") ?? [];
  return names.filter((name) => shown.includes(name));
}
