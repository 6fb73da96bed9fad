// npm run audit:verify: walks the audit trail and checks its hash chain (server/audit/verify.ts).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { verifyAuditChain } from "../src/server/audit/verify";
import { loadConfig } from "../src/server/config";
import { DataDirLockedError, openDatabase } from "../src/server/db/client";

class VerifyError extends Error {}

async function auditVerify(): Promise<boolean> {
  const config = loadConfig();
  if (!config.databaseUrl && !existsSync(join(config.dataDir, "pgdata"))) {
    throw new VerifyError(`no database in DATA_DIR ${config.dataDir}: nothing to verify`);
  }
  const database = await openDatabase(config).catch((err) => {
    if (err instanceof DataDirLockedError) {
      throw new VerifyError(
        `DATA_DIR ${config.dataDir} is held by a running server: stop it to verify from the command line (or use the audit page's status)`,
      );
    }
    throw err;
  });
  try {
    const result = await verifyAuditChain(database.db);
    if (result.ok) {
      console.log(`audit trail verified: ${result.count} events, up to #${result.lastId}`);
      return true;
    }
    console.log(`audit trail broken at #${result.brokenAt}: ${result.problem}`);
    return false;
  } finally {
    await database.close();
  }
}

try {
  process.exit((await auditVerify()) ? 0 : 1);
} catch (err) {
  process.stderr.write(`audit:verify failed: ${(err as Error).message}\n`);
  process.exit(1);
}
