import type {
  EngagementFields,
  EngagementFilters,
  UpdateEngagementFields,
} from "../../shared/engagements";
import type { CurrentUser } from "../../shared/users";
import type { AgendaItemFields } from "./agenda";
import type { FeedOwner } from "./calendar";
import { createEngagement } from "./create";
import { deleteEngagement } from "./delete";
import type { EngagementDeps } from "./deps";
import { saveAgenda, saveMinutes } from "./meeting-record";
import { engagementDetails, feedOf, listEngagements } from "./read";
import { updateEngagement } from "./update";

// The Excel export (exports/engagements.ts) reads the lists through these.
export { engagementListOrder, engagementListWhere } from "./filters";
export { participantsOf } from "./participants";

/**
 * The engagement operations the routes call, over one set of dependencies: the chart and one
 * meeting (read.ts), create.ts, update.ts, delete.ts, the agenda and minutes
 * (meeting-record.ts), and a person's calendar feed.
 */
export function createEngagementService(deps: EngagementDeps) {
  return {
    list: (viewer: CurrentUser, query: EngagementFilters) => listEngagements(deps, viewer, query),
    details: (viewer: CurrentUser, id: string) => engagementDetails(deps, viewer, id),
    create: (actor: CurrentUser, input: EngagementFields) => createEngagement(deps, actor, input),
    update: (actor: CurrentUser, id: string, input: UpdateEngagementFields) =>
      updateEngagement(deps, actor, id, input),
    remove: (actor: CurrentUser, id: string) => deleteEngagement(deps, actor, id),
    saveAgenda: (
      actor: CurrentUser,
      id: string,
      input: { items: readonly AgendaItemFields[]; version: number },
    ) => saveAgenda(deps, actor, id, input),
    saveMinutes: (actor: CurrentUser, id: string, input: { minutes: string; version: number }) =>
      saveMinutes(deps, actor, id, input),
    feed: (owner: FeedOwner) => feedOf(deps.db, owner),
  };
}

export type EngagementService = ReturnType<typeof createEngagementService>;
