import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { databaseUrl, onServer } from "../../scripts/postgres-admin";
import { openPglite, openPostgres } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";

/**
 * Vitest's global setup: migrates one database before any test file runs, which every test
 * database is then copied from (tests/helpers/database.ts). On PGlite it is a data-directory
 * tarball in a temporary folder; on PostgreSQL (TEST_DATABASE_URL) a template database.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `hed_template_${randomBytes(6).toString("hex")}`;
    await onServer(serverUrl, `create database ${template}`);
    const dropTemplate = () =>
      onServer(serverUrl, `drop database if exists ${template} with (force)`);
    const database = openPostgres(databaseUrl(serverUrl, template), { max: 1 });
    try {
      await migrate(database);
    } catch (err) {
      await database.close();
      await dropTemplate();
      throw err;
    }
    await database.close();
    project.provide("postgresTemplate", template);
    return dropTemplate;
  }

  const folder = mkdtempSync(join(tmpdir(), "hed-test-image-"));
  const removeFolder = () => rmSync(folder, { recursive: true, force: true });
  const database = await openPglite();
  try {
    await migrate(database);
    const file = join(folder, "pgdata.tar");
    writeFileSync(file, new Uint8Array(await (await database.image()).arrayBuffer()));
    project.provide("pgliteImage", file);
  } catch (err) {
    removeFolder();
    throw err;
  } finally {
    await database.close();
  }
  return removeFolder;
}
