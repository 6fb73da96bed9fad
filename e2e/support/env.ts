import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_BUNDLE } from "../../scripts/app-server";

/**
 * Browser-test workers run side by side, each against a server, a database and a mailbox of
 * its own (global-setup.ts starts one per worker): specs change shared state (the office's
 * settings, the administrator's language) and count what they made. Two workers: the test
 * machines have two cores.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/** The first worker's port; away from the 3000 a developer may be using. */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3107);

/** Where worker `index`'s server listens and where its mail lands. */
export function e2eServerOf(index: number) {
  const port = FIRST_PORT + index;
  return {
    port,
    baseUrl: `http://localhost:${port}`,
    /** Messages its SMTP receiver gets are written here, one JSON file each. */
    mailboxDir: join(tmpdir(), `hed-e2e-mailbox-${port}`),
  };
}

/**
 * This worker's server (Playwright numbers its workers from 0 in TEST_PARALLEL_INDEX, and a
 * worker started again after a failure keeps its number, so its server).
 */
const own = e2eServerOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const E2E_PORT = own.port;
export const E2E_BASE_URL = own.baseUrl;
export const E2E_MAILBOX_DIR = own.mailboxDir;
export const E2E_ADMIN_PASSWORD = "e2e-admin-password";

/**
 * How every server of the browser tests runs: the bundle `npm run build` made, as `npm start`
 * runs it, serving the web app built beside it (or E2E_WEB_DIR, a private build).
 */
export const E2E_SERVER = {
  bundle: process.env.E2E_SERVER_BUNDLE ?? SERVER_BUNDLE,
  webDir: process.env.E2E_WEB_DIR ?? "",
};
