import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { z } from "zod/mini";

type ListValue = string | number | undefined;

/**
 * What a list keeps in the address bar: an object schema of plain values whose every field
 * falls back to its default (src/shared/list-state.ts withFallbacks), so any address parses.
 */
export type ListSchema = z.ZodMiniObject & z.ZodMiniType<Record<string, ListValue>>;

export type ChangeOptions = { replace?: boolean };

/** The list as it opens: what the schema makes of an empty address. */
export function listDefaults<Schema extends ListSchema>(schema: Schema): z.output<Schema> {
  return schema.parse({});
}

export function parseListState<Schema extends ListSchema>(
  schema: Schema,
  params: URLSearchParams,
): z.output<Schema> {
  return schema.parse(Object.fromEntries(params));
}

/** Only values that differ from the defaults are written, so a plain list has a plain address. */
export function toSearchParams<Schema extends ListSchema>(
  schema: Schema,
  values: z.output<Schema>,
): URLSearchParams {
  const defaults = listDefaults(schema);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== defaults[key]) params.set(key, String(value));
  }
  return params;
}

/**
 * The values after a change, parsed again so what is written is what a reload reads. Any
 * change but a page's shows a different list, so paging starts again at the first page.
 */
export function nextListState<Schema extends ListSchema>(
  schema: Schema,
  values: z.output<Schema>,
  change: Partial<z.output<Schema>>,
): z.output<Schema> {
  const startsOver = "page" in schema.shape && !("page" in change);
  return schema.parse({ ...values, ...change, ...(startsOver ? { page: undefined } : {}) });
}

/** A link to a list page opened with some values set, e.g. a stat card's filtered list. */
export function listHref<Schema extends ListSchema>(
  path: string,
  schema: Schema,
  change: Partial<z.output<Schema>>,
): string {
  const query = toSearchParams(schema, nextListState(schema, listDefaults(schema), change));
  return query.size ? `${path}?${query}` : path;
}

/** The given fields that are not at their defaults: the filters in force. */
export function activeFields<Schema extends ListSchema, Field extends keyof z.output<Schema>>(
  schema: Schema,
  values: z.output<Schema>,
  fields: readonly Field[],
): Field[] {
  const defaults = listDefaults(schema);
  return fields.filter((field) => values[field] !== defaults[field]);
}

/**
 * A list's state (filters, page, ...) kept in the address bar, so a filtered view survives a
 * reload and can be shared. `filterFields` are what Clear Filters resets and what counts as a
 * filter in force; other fields (the page, the chart's range) are not filters.
 */
export function useListState<Schema extends ListSchema, Field extends keyof z.output<Schema>>(
  schema: Schema,
  filterFields: readonly Field[] = [],
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = useMemo(() => parseListState(schema, searchParams), [schema, searchParams]);

  // Each change starts from the address as it is when it lands, not as this render saw it: a
  // search box commits after a pause, when other changes may have happened in between.
  const change = useCallback(
    (partial: Partial<z.output<Schema>>, { replace = false }: ChangeOptions = {}) =>
      setSearchParams(
        (current) =>
          toSearchParams(schema, nextListState(schema, parseListState(schema, current), partial)),
        { replace },
      ),
    [schema, setSearchParams],
  );

  const clear = useCallback(() => {
    const cleared = Object.fromEntries(filterFields.map((field) => [field, undefined]));
    change(cleared as Partial<z.output<Schema>>);
  }, [change, filterFields]);

  return { values, change, clear, activeFilters: activeFields(schema, values, filterFields) };
}
