import { eq } from "drizzle-orm";
import {
  type CreateUserFields,
  type CurrentUser,
  placeholderEmail,
  USER_MESSAGES,
} from "../../shared/users";
import { actorOf, createdFields } from "../audit/changes";
import { recordAudit } from "../audit/record";
import { accountAuditState } from "../auth/account-audit";
import { isUniqueViolation } from "../db/errors";
import { account, user } from "../db/schema";
import { AppError } from "../http/errors";
import { assertEmailFree, newId } from "./accounts";
import type { UserDeps } from "./deps";
import { listColumns } from "./list";
import { presentUserListItem } from "./present";

export async function createUser(
  { db, auth, events, clock }: UserDeps,
  actor: CurrentUser,
  input: CreateUserFields,
) {
  const username = input.userId.toLowerCase();
  const [takenId] = await db.select({ id: user.id }).from(user).where(eq(user.username, username));
  if (takenId) throw new AppError("CONFLICT", USER_MESSAGES.userIdTaken(input.userId));
  const email = input.email ?? placeholderEmail(username);
  await assertEmailFree(db, email);

  // What the auth library's admin createUser writes (a verified account and its
  // credential), here in one transaction with its audit record.
  const passwordHash = await (await auth.$context).password.hash(input.password);
  const id = await newId(auth, "user");
  const accountRowId = await newId(auth, "account");
  try {
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(user)
        .values({
          id,
          email,
          name: input.fullName,
          role: input.role,
          designation: input.designation ?? null,
          designationUr: input.designationUr ?? null,
          emailVerified: true,
          username,
          displayUsername: input.userId,
        })
        .returning();
      await tx.insert(account).values({
        id: accountRowId,
        accountId: id,
        providerId: "credential",
        userId: id,
        password: passwordHash,
      });
      await recordAudit(tx, clock(), [
        {
          actor: actorOf(actor),
          entity: "account",
          entityId: id,
          action: "created",
          changes: createdFields(accountAuditState(created)),
        },
      ]);
    });
  } catch (err) {
    // Another request took the User ID or the e-mail since the checks above.
    if (isUniqueViolation(err))
      throw new AppError("CONFLICT", USER_MESSAGES.userIdTaken(input.userId));
    throw err;
  }
  events.emit({ entity: "user", id, action: "created", actorId: actor.id });
  const [row] = await db.select(listColumns).from(user).where(eq(user.id, id));
  return presentUserListItem(row, actor);
}
