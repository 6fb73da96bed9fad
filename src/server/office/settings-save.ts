import { eq } from "drizzle-orm";
import {
  DEFAULT_OFFICE_SETTINGS,
  OFFICE_MESSAGES,
  type OfficeSettings,
  type OfficeSettingsItem,
  type OfficeSettingsUpdateFields,
} from "../../shared/calendar";
import type { CurrentUser } from "../../shared/users";
import { actorOf, changedFields, hasChanges } from "../audit/changes";
import { recordAudit } from "../audit/record";
import { assertOpenedOnCurrent, type ConflictMessages } from "../audit/versions";
import type { Db } from "../db/client";
import { officeSettings } from "../db/schema";
import type { OfficeDeps } from "./deps";
import { readOfficeSettings, readOfficeSettingsItem, writeOfficeSettings } from "./settings";

/** The settings' audited fields: every one of them, by name. */
const SETTINGS_AUDIT_KEYS = [
  "weeklyOffDays",
  "digestTime",
  "dueSoonWorkingDays",
  "escalation",
  "emailDefaults",
  "deletedFileRetentionDays",
  "markingLimits",
] as const satisfies readonly (keyof OfficeSettings)[];

/** The one settings record's id in the trail. */
const SETTINGS_ENTITY_ID = "office";

const SETTINGS_CONFLICT: ConflictMessages = {
  changedBy: OFFICE_MESSAGES.settingsChangedBy,
  changedAutomatically: OFFICE_MESSAGES.settingsChangedAutomatically,
};

/** Refuses a save of the settings opened on another version (locked for it in `tx`). */
async function assertSettingsCurrent(
  { timeZone, clock }: OfficeDeps,
  tx: Db,
  opened: number,
  lock = false,
) {
  const query = tx
    .select({ version: officeSettings.version, updatedAt: officeSettings.updatedAt })
    .from(officeSettings)
    .where(eq(officeSettings.id, 1));
  const [row] = await (lock ? query.for("update") : query);
  // An office that never saved its settings has the defaults, at version 1.
  const stored = row ?? { version: 1, updatedAt: clock() };
  await assertOpenedOnCurrent(
    tx,
    { entity: "settings", id: SETTINGS_ENTITY_ID, ...stored },
    opened,
    SETTINGS_CONFLICT,
    timeZone,
  );
}

export async function saveSettings(
  deps: OfficeDeps,
  actor: CurrentUser,
  { version: opened, ...settings }: OfficeSettingsUpdateFields,
): Promise<OfficeSettingsItem> {
  const { db, clock } = deps;
  await assertSettingsCurrent(deps, db, opened);
  await db.transaction(async (tx) => {
    // The row to lock, on an office's first save: of two first saves, the second waits
    // here for the first's row, then finds it newer than what it was opened on.
    await tx
      .insert(officeSettings)
      .values({ id: 1, settings: DEFAULT_OFFICE_SETTINGS })
      .onConflictDoNothing();
    // The row lock orders concurrent saves, so each record's "before" is the one it replaced.
    await assertSettingsCurrent(deps, tx, opened, true);
    const before = await readOfficeSettings(tx);
    await writeOfficeSettings(tx, settings);
    const after = await readOfficeSettings(tx);
    const changes = changedFields(before, after, SETTINGS_AUDIT_KEYS);
    if (hasChanges(changes))
      await recordAudit(tx, clock(), [
        {
          actor: actorOf(actor),
          entity: "settings",
          entityId: SETTINGS_ENTITY_ID,
          action: "updated",
          changes,
        },
      ]);
  });
  return readOfficeSettingsItem(db);
}
