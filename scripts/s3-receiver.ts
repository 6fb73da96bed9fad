// A real S3-protocol server for the tests (s3rver, files in a temporary folder), run as a
// process of its own: `node --import tsx scripts/s3-receiver.ts BUCKET` prints
// {"port":N} once it listens on 127.0.0.1, and stops on SIGTERM or when its stdin closes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

const bucket = process.argv[2] ?? "hed-files";
const directory = mkdtempSync(join(tmpdir(), "hed-s3-"));
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

async function stop() {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// The test process holds our stdin: when it ends, however it ends, so do we.
process.stdin.on("end", stop);
process.stdin.resume();
