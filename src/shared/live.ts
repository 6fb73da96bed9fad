/** What /api/live tells browsers of a change: which record, never its contents. */
export type LiveEvent = {
  /** A `notification` event's id is the person told: their bell refreshes its count. */
  entity:
    | "task"
    | "response_file"
    | "engagement"
    | "user"
    | "notification"
    | "receipt"
    | "dispatch";
  id: string;
  action: "created" | "updated" | "deleted";
};

/**
 * Why the server ended a live stream (the `end` event):
 * - `restart`: the server is stopping; reconnect after the `retry:` hint (EventSource does).
 * - `signed_out`: the session ended (sign-out, password or role change, deletion, expiry).
 * - `replaced`: the account opened more streams than allowed and this was the oldest; open
 *   again only when the page is looked at again.
 */
export type LiveEndReason = "restart" | "signed_out" | "replaced";

export type LiveEnd = { reason: LiveEndReason };

/** Streams one account may hold at once (per server instance); a further one ends the oldest. */
export const MAX_LIVE_STREAMS_PER_ACCOUNT = 5;
