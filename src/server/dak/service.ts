import { eq } from "drizzle-orm";
import type {
  AmendReceiptFields,
  DakSettings,
  DiariseFields,
  DispatchFields,
  DispatchFilters,
  MarkFields,
  ReceiptFilters,
  TaskLetters,
} from "../../shared/dak";
import type { CurrentUser } from "../../shared/users";
import { dispatches } from "../db/schema";
import { readOfficeSettings } from "../office/settings";
import type { DakDeps } from "./deps";
import { createDispatch } from "./dispatches/create";
import { exportDispatches, listDispatches } from "./dispatches/list";
import { readDispatch, readDispatches } from "./dispatches/read";
import { amendReceipt, closeReceipt, linkReceipt, markReceipt } from "./receipts/actions";
import { diarise } from "./receipts/diarise";
import { exportReceipts, listReceipts } from "./receipts/list";
import { readReceipt, readTaskReceipt } from "./receipts/one";
import { search } from "./search";

/**
 * The register operations the routes call, over one set of dependencies: the diary register
 * (receipts/), the dispatch register (dispatches/), a task's letters and the header's search.
 */
export function createDakService(deps: DakDeps) {
  return {
    diarise: (actor: CurrentUser, form: DiariseFields) => diarise(deps, actor, form),
    receipt: (actor: CurrentUser, id: string) => readReceipt(deps, actor, id),
    receipts: (actor: CurrentUser, filters: ReceiptFilters) => listReceipts(deps, actor, filters),
    exportReceipts: (actor: CurrentUser, filters: Omit<ReceiptFilters, "page">) =>
      exportReceipts(deps, actor, filters),
    mark: (actor: CurrentUser, id: string, mark: MarkFields) => markReceipt(deps, actor, id, mark),
    link: (actor: CurrentUser, id: string, taskId: string) => linkReceipt(deps, actor, id, taskId),
    close: (actor: CurrentUser, id: string, reason: string) =>
      closeReceipt(deps, actor, id, reason),
    amend: (actor: CurrentUser, id: string, input: AmendReceiptFields) =>
      amendReceipt(deps, actor, id, input),
    dispatch: (actor: CurrentUser, form: DispatchFields) => createDispatch(deps, actor, form),
    dispatchOne: (actor: CurrentUser, id: string) => readDispatch(deps, actor, id),
    dispatches: (actor: CurrentUser, filters: DispatchFilters) =>
      listDispatches(deps, actor, filters),
    exportDispatches: (actor: CurrentUser, filters: Omit<DispatchFilters, "page">) =>
      exportDispatches(deps, actor, filters),
    /** A task's letters, as far as `actor` may read them (the task page). */
    taskLetters: async (actor: CurrentUser, taskId: string): Promise<TaskLetters> => ({
      receipt: await readTaskReceipt(deps, actor, taskId),
      dispatches: await readDispatches(deps, actor, eq(dispatches.taskId, taskId)),
    }),
    search: (actor: CurrentUser, text: string) => search(deps, actor, text),
    /** The office's numbering templates, categories and sections, for the registers' forms. */
    settings: async (): Promise<DakSettings> => (await readOfficeSettings(deps.db)).dak,
  };
}

export type DakService = ReturnType<typeof createDakService>;
