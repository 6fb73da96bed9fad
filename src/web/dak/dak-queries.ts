import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import {
  type DakSettings,
  DEFAULT_DAK_SETTINGS,
  type DispatchFilters,
  type ReceiptFilters,
} from "../../shared/dak";
import { api, toQuery } from "../api/client";
import { hasStatus } from "../api/errors";
import { useErrorToast } from "../api/use-error-toast";

/**
 * Receipts' keys start with "receipts" (a task's letters too: a receipt or a reply changed is
 * one of them), dispatches' with "dispatches", the search's with "search": the prefixes live
 * updates (app/live-updates.ts) invalidate when someone changes a register, and our own
 * mutations (dak-mutations.ts) invalidate too.
 */
export const dakKeys = {
  receipts: ["receipts"] as const,
  receiptList: (filters: ReceiptFilters) => ["receipts", "list", filters] as const,
  receiptDay: (day: string) => ["receipts", "day", day] as const,
  receipt: (id: string) => ["receipts", "detail", id] as const,
  taskLetters: (taskId: string) => ["receipts", "for-task", taskId] as const,
  dispatches: ["dispatches"] as const,
  dispatchList: (filters: DispatchFilters) => ["dispatches", "list", filters] as const,
  dispatchDay: (day: string) => ["dispatches", "day", day] as const,
  search: (q: string) => ["search", q] as const,
  /** The office's registers settings: refreshed whenever the registers are. */
  settings: ["receipts", "settings"] as const,
};

/**
 * A day's entries as a paper register runs, the first written first: the server answers the
 * order on screen, the newest first.
 */
function inWritingOrder<Entry>(newestFirst: Entry[]): Entry[] {
  return [...newestFirst].reverse();
}

/** One page of the Diary Register; the previous page stays up while the next loads. */
export function useReceipts(filters: ReceiptFilters) {
  const query = useQuery({
    queryKey: dakKeys.receiptList(filters),
    queryFn: () => parseResponse(api.api.receipts.$get({ query: toQuery(filters) })),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, "dak:register.fetchFailed");
  return query;
}

/**
 * Every receipt received on `day` that the reader may read (the day's print), through the
 * export route, which answers them all rather than a page.
 */
export function receiptsOfDayOptions(day: string) {
  return queryOptions({
    queryKey: dakKeys.receiptDay(day),
    queryFn: async () => {
      const query = { from: day, to: day };
      const { receipts } = await parseResponse(api.api.receipts.export.$get({ query }));
      return inWritingOrder(receipts);
    },
  });
}

export function receiptOptions(id: string) {
  return queryOptions({
    queryKey: dakKeys.receipt(id),
    queryFn: () => parseResponse(api.api.receipts[":id"].$get({ param: { id } })),
  });
}

/** One receipt: a 404 is the page's "not found", not a toast. */
export function useReceipt(id: string) {
  const query = useQuery(receiptOptions(id));
  useErrorToast(hasStatus(query.error, 404) ? null : query.error, "dak:register.fetchFailed");
  return query;
}

/** One page of the Dispatch Register. */
export function useDispatches(filters: DispatchFilters) {
  const query = useQuery({
    queryKey: dakKeys.dispatchList(filters),
    queryFn: () => parseResponse(api.api.dispatches.$get({ query: toQuery(filters) })),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, "dak:register.fetchFailed");
  return query;
}

/** Every dispatch of `day` that the reader may read (the day's print). */
export function dispatchesOfDayOptions(day: string) {
  return queryOptions({
    queryKey: dakKeys.dispatchDay(day),
    queryFn: async () => {
      const query = { from: day, to: day };
      const { dispatches } = await parseResponse(api.api.dispatches.export.$get({ query }));
      return inWritingOrder(dispatches);
    },
  });
}

/** A task's letters: the receipt it came from and the dispatches answering it. */
export function useTaskLetters(taskId: string) {
  return useQuery({
    queryKey: dakKeys.taskLetters(taskId),
    queryFn: () =>
      parseResponse(api.api.receipts["for-task"][":id"].$get({ param: { id: taskId } })),
  });
}

/** The header's search; asks nothing until two characters are typed. */
export function useDakSearch(q: string) {
  return useQuery({
    queryKey: dakKeys.search(q),
    queryFn: () => parseResponse(api.api.search.$get({ query: { q } })),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}

/**
 * The office's categories and sections for the registers' forms (GET /api/receipts/settings,
 * for everyone signed in: the office's settings are administrators' only); the defaults until
 * they arrive.
 */
export function useDakSettings(): DakSettings {
  const { data } = useQuery({
    queryKey: dakKeys.settings,
    queryFn: () => parseResponse(api.api.receipts.settings.$get()),
  });
  return data ?? DEFAULT_DAK_SETTINGS;
}
