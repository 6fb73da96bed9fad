import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_BUNDLE } from "../../scripts/app-server";

/** Where the browser tests' own server listens; away from the 3000 a developer may be using. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_ADMIN_PASSWORD = "e2e-admin-password";
/** Messages the test SMTP server receives are written here, one JSON file each. */
export const E2E_MAILBOX_DIR = join(tmpdir(), `hed-e2e-mailbox-${E2E_PORT}`);

/**
 * How every server of the browser tests runs: the bundle `npm run build` made, as `npm start`
 * runs it, serving the web app built beside it (or E2E_WEB_DIR, a private build).
 */
export const E2E_SERVER = {
  bundle: process.env.E2E_SERVER_BUNDLE ?? SERVER_BUNDLE,
  webDir: process.env.E2E_WEB_DIR ?? "",
};
