import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where the browser tests' own server listens; away from the 3000 a developer may be using. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_ADMIN_PASSWORD = "e2e-admin-password";
/** Messages the test SMTP server receives are written here, one JSON file each. */
export const E2E_MAILBOX_DIR = join(tmpdir(), `hed-e2e-mailbox-${E2E_PORT}`);
