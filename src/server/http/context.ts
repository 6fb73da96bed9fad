import type { Logger } from "pino";
import type { CurrentUser } from "../../shared/users";

/** Hono context variables set for every request. */
export type AppEnv = {
  Variables: {
    user: CurrentUser | null;
    logger: Logger;
    requestId: string;
  };
};

/** The context after requireUser / requireRole: the user is known. */
export type SignedInEnv = {
  Variables: { user: CurrentUser };
};
