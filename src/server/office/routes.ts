import { Hono } from "hono";
import {
  holidayDateParam,
  holidayImportInput,
  holidayInput,
  holidayListQuery,
  holidayUpdateInput,
  OFFICE_MESSAGES,
  officeSettingsUpdateInput,
} from "../../shared/calendar";
import type { AppEnv } from "../http/context";
import { requireRole, requireUser } from "../http/guards";
import { translateFor } from "../http/language";
import { validate } from "../http/validate";
import type { OfficeService } from "./service";

/**
 * /api/office: the holidays every signed-in person may read, and what only admins change
 * (holidays, the office's settings).
 */
export function officeRoutes(office: OfficeService) {
  const admin = requireRole("admin");
  const date = validate("param", holidayDateParam);
  return new Hono<AppEnv>()
    .get("/holidays", requireUser, validate("query", holidayListQuery), async (c) =>
      c.json({ holidays: await office.listHolidays(c.req.valid("query").year) }),
    )
    .post("/holidays", admin, validate("json", holidayInput), async (c) => {
      const holiday = await office.addHoliday(c.var.user, c.req.valid("json"));
      return c.json({ holiday, message: translateFor(c, OFFICE_MESSAGES.holidayAdded) }, 201);
    })
    .post("/holidays/import", admin, validate("json", holidayImportInput), async (c) => {
      const count = await office.importHolidays(c.var.user, c.req.valid("json").text);
      return c.json({ count, message: translateFor(c, OFFICE_MESSAGES.importDone(count)) });
    })
    .put("/holidays/:date", admin, date, validate("json", holidayUpdateInput), async (c) => {
      const holiday = await office.updateHoliday(
        c.var.user,
        c.req.valid("param").date,
        c.req.valid("json"),
      );
      return c.json({ holiday, message: translateFor(c, OFFICE_MESSAGES.holidayUpdated) });
    })
    .delete("/holidays/:date", admin, date, async (c) => {
      await office.deleteHoliday(c.var.user, c.req.valid("param").date);
      return c.json({ message: translateFor(c, OFFICE_MESSAGES.holidayDeleted) });
    })
    .get("/settings", admin, async (c) => c.json(await office.settings()))
    .put("/settings", admin, validate("json", officeSettingsUpdateInput), async (c) => {
      const settings = await office.saveSettings(c.var.user, c.req.valid("json"));
      return c.json({ settings, message: translateFor(c, OFFICE_MESSAGES.settingsSaved) });
    });
}
