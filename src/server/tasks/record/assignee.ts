import { eq } from "drizzle-orm";
import { TASK_MESSAGES } from "../../../shared/tasks";
import { displayNameOf } from "../../../shared/users";
import type { Db } from "../../db/client";
import { user } from "../../db/schema";
import { AppError } from "../../http/errors";
import { userPolicy } from "../../users/policy";

/**
 * The name notices and the trail give `userId`, when the account may be given tasks (a user or
 * an admin, approved); null when it may not. A task's assignee and a decision's owner alike.
 */
export async function assignableName(db: Db, userId: string): Promise<string | null> {
  const [person] = await db
    .select({
      role: user.role,
      pendingApproval: user.pendingApproval,
      name: user.name,
      email: user.email,
      username: user.username,
    })
    .from(user)
    .where(eq(user.id, userId));
  // A self-signed-up account awaiting approval is not yet part of the office.
  if (!person || person.pendingApproval || !userPolicy.canTakeTasks(person.role)) return null;
  return displayNameOf(person);
}

/** The assignee-to-be; answers their name as notices give it. */
export async function assertAssignable(db: Db, userId: string): Promise<string> {
  const name = await assignableName(db, userId);
  if (name === null) throw new AppError("VALIDATION", TASK_MESSAGES.invalidAssignee);
  return name;
}
