// The floor of the load benchmark: case 1's SQL (the admin task list's first page and its total)
// served by a bare node:http server through pg, with no framework, auth or serialisation work
// beyond JSON.stringify. Started by bench/run.ts as its own process; prints "ready" when it
// listens. With WORKERS > 1 it runs that many processes behind the port, as the app does
// (node:cluster), so that a case served by several workers meets a floor of as many.
//
//   DATABASE_URL=postgres://… PORT=3999 PAGE_SIZE=50 WORKERS=1 node --import tsx bench/floor.ts
import cluster from "node:cluster";
import { createServer } from "node:http";
import pg from "pg";

// As the app asks it: one statement, the page and its total (a sum over the department's
// per-status counters in task_status_counts) in the same round trip.
const PAGE_SQL = `select t.*, a.name as assignee_name, a.email as assignee_email,
    a.username as assignee_username, f.id as file_id, f.file_name, f.file_path, f.file_type,
    f.uploaded_by, (select coalesce(sum(total), 0) from task_status_counts) as total
  from tasks t
  inner join "user" a on a.id = t.assigned_to
  left join task_progress_files f on f.task_id = t.id
  order by t.created_at desc, t.id desc
  limit ${Number(process.env.PAGE_SIZE ?? 50)} offset 0`;

const workers = Number(process.env.WORKERS ?? 1);
const port = Number(process.env.PORT ?? 3999);

if (workers > 1 && cluster.isPrimary) {
  let listening = 0;
  cluster.on("listening", () => {
    listening += 1;
    if (listening === workers) console.log("ready");
  });
  for (let i = 0; i < workers; i++) cluster.fork();
  // The workers end first, so none writes to a primary that has gone.
  process.on("SIGTERM", () => {
    cluster.on("exit", () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
  });
} else {
  serve();
}

function serve() {
  // The same pool size as the app's (src/server/db/client.ts).
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

  const server = createServer((req, res) => {
    pool.query(PAGE_SQL).then(
      (page) => {
        const body = JSON.stringify({ tasks: page.rows, total: Number(page.rows[0]?.total ?? 0) });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(body);
      },
      (error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(String(error));
      },
    );
    req.resume();
  });

  server.listen(port, "127.0.0.1", () => {
    if (cluster.isPrimary) console.log("ready");
  });
  process.on("SIGTERM", () => {
    void pool.end().then(() => process.exit(0));
  });
}
