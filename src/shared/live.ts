/** What /api/live tells browsers of a change: which record, never its contents. */
export type LiveEvent = {
  entity: "task" | "response_file" | "engagement" | "user";
  id: string;
  action: "created" | "updated" | "deleted";
};
