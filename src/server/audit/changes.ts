import { isDeepStrictEqual } from "node:util";
import type { AuditChanges, AuditValue } from "../../shared/audit";
import type { CurrentUser } from "../../shared/users";
import type { AuditActor } from "./record";

/** A record's audited fields, by their shared API names (never a secret, path or token). */
export type AuditState = Record<string, AuditValue>;

/** A person as a field's value: their name then, so history reads without joins. */
export type PersonRef = { id: string; name: string };

/** The signed-in person who acted, under the name the app shows for them. */
export function actorOf(user: Pick<CurrentUser, "id" | "displayName">): AuditActor {
  return { id: user.id, name: user.displayName };
}

/** `updated`: only the fields of `keys` whose value differs, before and after. */
export function changedFields<K extends string>(
  before: Record<K, AuditValue>,
  after: Record<K, AuditValue>,
  keys: readonly K[],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of keys)
    if (!isDeepStrictEqual(before[key], after[key]))
      changes[key] = { before: before[key], after: after[key] };
  return changes;
}

/** `created`: every field, from nothing. */
export function createdFields(after: AuditState): AuditChanges {
  const changes: AuditChanges = {};
  for (const [key, value] of Object.entries(after)) changes[key] = { before: null, after: value };
  return changes;
}

/** `deleted`: the record's last state, every field, to nothing. */
export function deletedFields(before: AuditState): AuditChanges {
  const changes: AuditChanges = {};
  for (const [key, value] of Object.entries(before)) changes[key] = { before: value, after: null };
  return changes;
}

/** Whether a change set names any field at all (an edit that changed nothing records nothing). */
export function hasChanges(changes: AuditChanges): boolean {
  return Object.keys(changes).length > 0;
}
