import { z } from "zod/mini";

/**
 * The version of a record an edit was opened on (its `version`, which every update moves):
 * each save of an existing record sends it back, and the server refuses the save with 409
 * CONFLICT when the record has changed since (server/audit/versions.ts).
 */
export const openedVersion = z.coerce
  .number({ error: "common:error.versionMissing" })
  .check(z.int("common:error.versionMissing"), z.gte(1, "common:error.versionMissing"));
