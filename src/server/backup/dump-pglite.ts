import { writeFile } from "node:fs/promises";
import { type PGlite, protocol } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { DUMP_ARGS, type Dump } from "./dump";
import { pgliteSession, publicTables, rowCountsSql } from "./session";

/** A simple-query round trip straight on the wire, for use while PGlite's own locks are held. */
async function rawRows(client: PGlite, sql: string): Promise<(string | null)[][]> {
  const { messages } = await client.execProtocol(protocol.serialize.query(sql));
  return messages.flatMap((message) =>
    message instanceof protocol.messages.DataRowMessage ? [message.fields] : [],
  );
}

/**
 * Dumps the embedded database to `path` with PGlite's pg_dump, inside the process that owns it.
 * PGlite is one session shared by the whole server, so the dump holds both of its locks: no
 * transaction of the app is open (its statements would otherwise join the dump's snapshot, or
 * the dump would join theirs) and no other statement runs until it ends. The row counts are
 * taken under the same locks, so they describe exactly the dumped data.
 */
export async function dumpPglite(client: PGlite, path: string): Promise<Dump> {
  const tables = await publicTables(pgliteSession(client));
  const dumped = await client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      const counted = tables.length ? await rawRows(client, rowCountsSql(tables)) : [];
      const [[serverVersion, searchPath]] = await rawRows(
        client,
        "select current_setting('server_version'), current_setting('search_path')",
      );
      // pgDump's own calls go through the locked entry points; this stand-in sends them on
      // the wire directly (its one query asks for the search_path, read above).
      const unlocked = {
        query: async () => ({ rows: [{ search_path: searchPath }] }),
        exec: (sql: string) => rawRows(client, sql),
        execProtocolRawStream: client.execProtocolRawStream.bind(client),
      } as unknown as PGlite;
      try {
        return { counted, serverVersion, file: await pgDump({ pg: unlocked, args: DUMP_ARGS }) };
      } finally {
        // pg_dump ends without closing its read-only transaction or undoing its settings (an
        // empty search_path, time-outs); on this shared session the app would inherit both.
        await rawRows(client, "rollback");
        await rawRows(client, "reset all");
      }
    }),
  );
  await writeFile(path, new Uint8Array(await dumped.file.arrayBuffer()));
  return {
    serverVersion: dumped.serverVersion ?? "unknown",
    rowCounts: Object.fromEntries(
      dumped.counted.map(([name, total]) => [name ?? "", Number(total)]),
    ),
  };
}
