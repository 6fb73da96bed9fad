/**
 * The database's tables, enums and relations, one file a feature under ./schema/: this module is
 * the one the server, drizzle-kit (drizzle.config.ts) and the tests import, so a table is found
 * here whichever file defines it. The schema stands on src/shared alone and imports no feature.
 */

export * from "./schema/audit";
export * from "./schema/auth";
export * from "./schema/dak";
export * from "./schema/decisions";
export * from "./schema/engagements";
export * from "./schema/jobs";
export * from "./schema/markings";
export * from "./schema/notifications";
export * from "./schema/office";
export * from "./schema/task-counts";
export * from "./schema/tasks";
export * from "./schema/users";
export * from "./schema/views";
