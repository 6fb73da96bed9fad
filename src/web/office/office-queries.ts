import { queryOptions, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import type {
  HolidayInput,
  HolidayUpdateFields,
  OfficeSettingsUpdateFields,
} from "../../shared/calendar";
import { todayIn } from "../../shared/dates";
import { api } from "../api/client";
import { errorMessage, hasStatus, isEditConflict } from "../api/errors";
import { useFeedbackMutation } from "../api/mutation-feedback";
import { usePublicConfig } from "../api/public-config";

const officeApi = api.api.office;

/**
 * Every office query sits under "office": a holiday change refetches every year's list, and
 * nothing else caches them (the server sends no live event for the calendar).
 */
export const officeKeys = {
  holidays: ["office", "holidays"] as const,
  holidaysOf: (year: number) => ["office", "holidays", year] as const,
  settings: ["office", "settings"] as const,
};

/**
 * This year in the office's zone (APP_TIMEZONE): on New Year's Eve in Karachi a browser
 * elsewhere may still be in the old year. The browser's own year stands in only when the
 * server's settings cannot be read; undefined while they load.
 */
export function useOfficeYear(): number | undefined {
  const { data, isError } = usePublicConfig();
  if (data) return Number(todayIn(data.timezone).slice(0, 4));
  return isError ? new Date().getFullYear() : undefined;
}

/** A year's holidays, by date. */
export function holidaysOptions(year: number) {
  return queryOptions({
    queryKey: officeKeys.holidaysOf(year),
    queryFn: () =>
      parseResponse(officeApi.holidays.$get({ query: { year: String(year) } })).then(
        (result) => result.holidays,
      ),
  });
}

/** A year's holidays, by date; waits for a year to ask about. */
export function useHolidays(year: number | undefined) {
  return useQuery({ ...holidaysOptions(year ?? 0), enabled: year !== undefined });
}

// The server words every success (in the page's language): its message is the toast.

export function useAddHoliday() {
  return useFeedbackMutation({
    mutationFn: (json: HolidayInput) => parseResponse(officeApi.holidays.$post({ json })),
    success: (result) => result.message,
    failure: "office:holidays.addFailed",
    invalidate: officeKeys.holidays,
  });
}

/**
 * Renames or moves the holiday now on `date`. A 409 is answered by the dialog: in it when the
 * holiday changed meanwhile, else as this toast would have (the new date already a holiday).
 */
export function useUpdateHoliday(date: string) {
  return useFeedbackMutation({
    mutationFn: (json: HolidayUpdateFields) =>
      parseResponse(officeApi.holidays[":date"].$put({ param: { date }, json })),
    success: (result) => result.message,
    failure: (error) =>
      isEditConflict(error)
        ? null
        : { message: errorMessage(error, "office:holidays.updateFailed") },
    invalidate: officeKeys.holidays,
  });
}

export function useDeleteHoliday() {
  return useFeedbackMutation({
    mutationFn: (date: string) =>
      parseResponse(officeApi.holidays[":date"].$delete({ param: { date } })),
    success: (result) => result.message,
    failure: "office:holidays.deleteFailed",
    invalidate: officeKeys.holidays,
  });
}

/**
 * A pasted or read list of holidays. The server's refusal of the list (400, naming the bad
 * line) is shown beside the list by the dialog, not in a toast that would hide it.
 */
export function useImportHolidays() {
  return useFeedbackMutation({
    mutationFn: (text: string) =>
      parseResponse(officeApi.holidays.import.$post({ json: { text } })),
    success: (result) => result.message,
    failure: (error) =>
      hasStatus(error, 400) ? null : { message: errorMessage(error, "office:import.failed") },
    invalidate: officeKeys.holidays,
  });
}

export function officeSettingsOptions() {
  return queryOptions({
    queryKey: officeKeys.settings,
    queryFn: () => parseResponse(officeApi.settings.$get()),
  });
}

export function useOfficeSettings() {
  return useQuery(officeSettingsOptions());
}

/** The settings' only 409 is a save opened on settings another admin has since replaced. */
export function useSaveSettings() {
  return useFeedbackMutation({
    mutationFn: (json: OfficeSettingsUpdateFields) =>
      parseResponse(officeApi.settings.$put({ json })),
    success: (result) => result.message,
    // Shown in the page, beside what was typed.
    failure: (error) =>
      isEditConflict(error) ? null : { message: errorMessage(error, "office:settings.saveFailed") },
    invalidate: officeKeys.settings,
  });
}
