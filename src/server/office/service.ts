import type {
  HolidayInput,
  HolidayUpdateFields,
  OfficeSettingsUpdateFields,
} from "../../shared/calendar";
import type { CurrentUser } from "../../shared/users";
import type { OfficeDeps } from "./deps";
import { importHolidays } from "./holiday-import";
import { addHoliday, deleteHoliday, listHolidays, updateHoliday } from "./holidays";
import { readOfficeSettingsItem } from "./settings";
import { saveSettings } from "./settings-save";

// serve.ts seeds a new office's calendar through this.
export { seedPublicHolidays } from "./holiday-import";

/**
 * The Holidays and Settings pages: the office calendar and the rules that run by themselves.
 * Each change is recorded in the audit trail in its own transaction; a holiday's id there is
 * its date (the date it had before, when an edit moves it).
 */
export function createOfficeService(deps: OfficeDeps) {
  return {
    listHolidays: (year?: number) => listHolidays(deps, year),
    addHoliday: (actor: CurrentUser, input: HolidayInput) => addHoliday(deps, actor, input),
    updateHoliday: (actor: CurrentUser, date: string, input: HolidayUpdateFields) =>
      updateHoliday(deps, actor, date, input),
    deleteHoliday: (actor: CurrentUser, date: string) => deleteHoliday(deps, actor, date),
    importHolidays: (actor: CurrentUser, text: string) => importHolidays(deps, actor, text),
    settings: () => readOfficeSettingsItem(deps.db),
    saveSettings: (actor: CurrentUser, fields: OfficeSettingsUpdateFields) =>
      saveSettings(deps, actor, fields),
  };
}

export type OfficeService = ReturnType<typeof createOfficeService>;
