import { desc } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { TaskFilters } from "../../../shared/tasks";
import type { Db } from "../../db/client";
import { tasks } from "../../db/schema";
import { scopeSql, type TaskScope, totalSql } from "../counts";
import { preparePage } from "../rows";

/** List pages (scope, page and size) whose statement is kept built: pageStatements below. */
const PAGE_STATEMENTS = 1_000;

/** A list page's statement (rows.ts preparePage), for its scope, page and size. */
export type PageStatement = (
  scope: TaskScope,
  filters: TaskFilters,
) => ReturnType<typeof preparePage>;

/**
 * The task service's page statements over `db`, each built once and kept.
 *
 * Building a page's SQL through drizzle was 15% of a task list request's time, and the same
 * page (the first, unfiltered) is read again and again. The statement follows from the scope
 * and the page alone, so a kept one reads exactly what a new one would.
 */
export function pageStatements(db: Db): PageStatement {
  const kept = new LRUCache<string, ReturnType<typeof preparePage>>({ max: PAGE_STATEMENTS });
  return (scope, { page, pageSize }) => {
    const key = JSON.stringify([scope, page, pageSize]);
    let statement = kept.get(key);
    if (!statement) {
      statement = preparePage(db, totalSql(scope), (query) =>
        query
          .where(scopeSql(scope))
          .orderBy(desc(tasks.createdAt), desc(tasks.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
      );
      kept.set(key, statement);
    }
    return statement;
  };
}
