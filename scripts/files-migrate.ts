// npm run files:migrate [-- --from DIR]: copies the stored files of a local folder (DATA_DIR/files
// by default) into the store STORAGE_URL names, checking every copy's checksum. Run it again to
// resume; files already copied are left as they are. Ends with a summary; exit 1 if any failed.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/server/config";
import { migrateFiles } from "../src/server/files/migrate";
import { openStorage } from "../src/server/files/open-storage";
import { createLocalStorage } from "../src/server/files/storage";

async function main(args: string[]): Promise<boolean> {
  const config = loadConfig();
  const { values } = parseArgs({ args, options: { from: { type: "string" } } });
  if (config.storage.kind !== "s3")
    throw new Error(
      "STORAGE_URL names no bucket: set it to the s3:// store to copy into (the files come from DATA_DIR/files, or --from DIR)",
    );
  const fromDir = values.from ?? join(config.dataDir, "files");
  const to = await openStorage(config.storage, config.s3Credentials);
  await to.check();
  const from = createLocalStorage(fromDir);
  const started = performance.now();
  const summary = await migrateFiles(from, to, (path, outcome) => {
    if (outcome !== "already there") console.log(`${outcome}: ${path}`);
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const megabytes = (summary.bytesCopied / 1024 / 1024).toFixed(1);
  console.log(
    `files:migrate: ${summary.copied} copied (${megabytes} MB), ${summary.alreadyThere} already there, ${summary.failed.length} failed, in ${seconds} s`,
  );
  for (const { path, reason } of summary.failed) console.log(`  failed ${path}: ${reason}`);
  return summary.failed.length === 0;
}

try {
  if (!(await main(process.argv.slice(2)))) process.exit(1);
} catch (err) {
  process.stderr.write(`files:migrate failed: ${(err as Error).message}\n`);
  process.exit(1);
}
