import { hc } from "hono/client";
import type { AppType } from "../../server/app";

/** Typed client for our JSON API; the server's route types are the contract. */
export const api = hc<AppType>(window.location.origin);
