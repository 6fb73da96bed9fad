import { en } from "zod/locales";
import { config } from "zod/mini";

/**
 * zod/mini loads no locale: without one, every refusal our schemas give no message of their
 * own would read "Invalid input". The server keeps zod's English for them (http/validate.ts words
 * them in the caller's language); the web app loads none, its forms show our messages only.
 * Imported by the modules that parse (config.ts, app.ts, http/validate.ts), so it is in place
 * before the first request or setting is read.
 */
config(en());
