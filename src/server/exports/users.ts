import { todayIn } from "../../shared/dates";
import { ROLE_LABELS, roleOrDefault } from "../../shared/roles";
import { isPlaceholderEmail } from "../../shared/users";
import type { Db } from "../db/client";
import { selectUserList } from "../users/service";
import { EXPORT_PAGE_SIZE, paged, type SheetOf } from "./xlsx";

type UserLine = Awaited<ReturnType<typeof selectUserList>>[number];

/** Manage Users as a sheet, with its search; the day an account was made on the office's clock. */
export function userSheet(db: Db, search: string, timeZone: string): SheetOf<UserLine> {
  return {
    name: "common:page.userManagement",
    columns: [
      {
        heading: "users:field.fullName",
        type: "text",
        width: 28,
        value: (row) => row.name?.trim() ?? "",
      },
      { heading: "users:field.userId", type: "text", width: 18, value: (row) => row.username },
      {
        heading: "users:field.email",
        type: "text",
        width: 32,
        value: (row) => (row.email && !isPlaceholderEmail(row.email) ? row.email : null),
      },
      {
        heading: "users:field.role",
        type: "label",
        width: 20,
        value: (row) => ROLE_LABELS[roleOrDefault(row.role)],
      },
      {
        heading: "users:column.created",
        type: "date",
        width: 14,
        value: (row) => todayIn(timeZone, new Date(row.createdAt)),
      },
      { heading: "exports:column.tasks", type: "number", width: 10, value: (row) => row.taskCount },
    ],
    rows: paged(EXPORT_PAGE_SIZE, (offset) =>
      selectUserList(db, search).limit(EXPORT_PAGE_SIZE).offset(offset),
    ),
  };
}
