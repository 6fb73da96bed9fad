import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInFailures, user } from "../db/schema";

type Scope = (typeof signInFailures.$inferSelect)["scope"];

/**
 * Exponential back-off for failed sign-ins (docs/decisions/006): after `freeFailures`
 * failures a counter blocks for one minute, and every further failure doubles the wait up to
 * `maxBlockMs`. A counter is forgotten once `forgetAfterMs` have passed since its last
 * failure or the end of its block, whichever is later.
 */
export const SIGN_IN_THROTTLE = {
  firstBlockMs: 60_000,
  maxBlockMs: 60 * 60_000,
  /** Failures against one account, from anywhere. Cleared when someone signs in to it. */
  account: { freeFailures: 5, forgetAfterMs: 24 * 60 * 60_000 },
  /** Failures from one client address, whichever accounts were tried: the cap across identifiers. */
  address: { freeFailures: 20, forgetAfterMs: 60 * 60_000 },
  /** How often an instance deletes forgotten counters. */
  cleanupEveryMs: 10 * 60_000,
} as const;

/**
 * The (account, address) pair never blocks by itself: it records that this address failed on
 * the account recently, which is when the account's block applies to it.
 */
const POLICY: Record<Scope, { freeFailures: number | null; forgetAfterMs: number }> = {
  account: SIGN_IN_THROTTLE.account,
  account_address: { freeFailures: null, forgetAfterMs: SIGN_IN_THROTTLE.account.forgetAfterMs },
  address: SIGN_IN_THROTTLE.address,
};

export type SignInTarget = {
  /** From `accountKey()`: the account's id, or the identifier when it names no account. */
  account: string;
  /** From `clientAddress()`. */
  address: string;
};

/** What the caller learnt from the auth library's answer. */
export type SignInOutcome = "success" | "failure" | "neither";

export type SignInAdmission =
  | { isAdmitted: true; settle(outcome: SignInOutcome): Promise<void> }
  | { isAdmitted: false; retryAfterMs: number };

const t = signInFailures;

function timestamp(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}

/** When the counter's block ends after its `failures`-th failure at `from` (null: no block). */
function blockedUntil(scope: Scope, failures: SQL, from: SQL): SQL {
  const { freeFailures } = POLICY[scope];
  if (freeFailures === null) return sql`null`;
  return sql`case when ${failures} >= ${freeFailures} then ${from} + least(
    ${SIGN_IN_THROTTLE.maxBlockMs}::float8,
    ${SIGN_IN_THROTTLE.firstBlockMs}::float8 * power(2, ${failures} - ${freeFailures})
  ) * interval '1 millisecond' end`;
}

/** The row's failures after one more at `now`, starting again from one once it was forgotten. */
function failuresAfterOneMore(scope: Scope, now: Date): SQL {
  const forgetBefore = new Date(now.getTime() - POLICY[scope].forgetAfterMs);
  return sql`case when coalesce(${t.blockedUntil}, ${t.lastFailureAt}) <= ${timestamp(forgetBefore)}
    then 1 else ${t.failures} + 1 end`;
}

function isRemembered(
  row: { lastFailureAt: Date; blockedUntil: Date | null },
  scope: Scope,
  now: Date,
) {
  const since = Math.max(row.lastFailureAt.getTime(), row.blockedUntil?.getTime() ?? 0);
  return now.getTime() - since < POLICY[scope].forgetAfterMs;
}

function pairKey(target: SignInTarget): string {
  // Addresses hold no spaces, so the pair splits back unambiguously.
  return `${target.address} ${target.account}`;
}

/**
 * Failed sign-ins counted in the database, so every app instance shares them, with atomic
 * upserts. A sign-in is refused while its address is blocked, or while its account is
 * blocked and this address failed on that account recently; the right password from an
 * address with no recent failures on the account still signs in, so nobody can lock a
 * person out. See docs/decisions/006.
 */
export function createSignInThrottle({ db, clock }: { db: Db; clock?: () => Date }) {
  const now = clock ?? (() => new Date());
  let lastCleanup = Number.NEGATIVE_INFINITY;

  async function recordFailure(scope: Scope, key: string, at: Date) {
    const failures = failuresAfterOneMore(scope, at);
    await db
      .insert(t)
      .values({ scope, key, failures: 1, lastFailureAt: at, blockedUntil: null })
      .onConflictDoUpdate({
        target: [t.scope, t.key],
        set: {
          failures,
          lastFailureAt: at,
          blockedUntil: blockedUntil(scope, failures, timestamp(at)),
        },
      });
  }

  /**
   * Counts the attempt against the address before the password is checked, unless the
   * address is blocked: one statement, so concurrent attempts cannot all slip in under
   * the cap. Returns whether the attempt may go ahead. The time of the last failure moves
   * only when the count starts again, or once the attempt has failed (`settle`), so right
   * passwords do not keep an address's old failures in memory.
   */
  async function reserveAddress(address: string, at: Date): Promise<boolean> {
    const failures = failuresAfterOneMore("address", at);
    const rows = await db
      .insert(t)
      .values({ scope: "address", key: address, failures: 1, lastFailureAt: at })
      .onConflictDoUpdate({
        target: [t.scope, t.key],
        set: {
          failures,
          lastFailureAt: sql`case when ${failures} = 1 then ${timestamp(at)} else ${t.lastFailureAt} end`,
          blockedUntil: blockedUntil("address", failures, timestamp(at)),
        },
        setWhere: sql`${t.blockedUntil} is null or ${t.blockedUntil} <= ${timestamp(at)}`,
      })
      .returning({ failures: t.failures });
    return rows.length > 0;
  }

  /** Takes back a reservation whose attempt did not turn out to be a wrong password. */
  async function releaseAddress(address: string) {
    const failures = sql`greatest(${t.failures} - 1, 0)`;
    await db
      .update(t)
      .set({ failures, blockedUntil: blockedUntil("address", failures, sql`${t.lastFailureAt}`) })
      .where(and(eq(t.scope, "address"), eq(t.key, address)));
  }

  /**
   * The right password from an address takes back that address's failures on the account
   * (typos), but not other addresses': an attacker's count survives the owner signing in.
   */
  async function forgiveAddress(target: SignInTarget) {
    const pair = and(eq(t.scope, "account_address"), eq(t.key, pairKey(target)));
    const own = db.select({ failures: t.failures }).from(t).where(pair);
    const failures = sql`greatest(${t.failures} - coalesce((${own}), 0), 0)`;
    await db
      .update(t)
      .set({ failures, blockedUntil: blockedUntil("account", failures, sql`${t.lastFailureAt}`) })
      .where(and(eq(t.scope, "account"), eq(t.key, target.account)));
    await db.delete(t).where(pair);
  }

  async function forgetExpired(at: Date) {
    if (at.getTime() - lastCleanup < SIGN_IN_THROTTLE.cleanupEveryMs) return;
    lastCleanup = at.getTime();
    const before = (scope: Scope) =>
      timestamp(new Date(at.getTime() - POLICY[scope].forgetAfterMs));
    await db.delete(t).where(
      sql`coalesce(${t.blockedUntil}, ${t.lastFailureAt}) <= case when ${t.scope} = 'address'
          then ${before("address")} else ${before("account")} end`,
    );
  }

  async function retryAfterMs(target: SignInTarget, at: Date): Promise<number> {
    const rows = await db
      .select()
      .from(t)
      .where(
        or(
          and(eq(t.scope, "address"), eq(t.key, target.address)),
          and(eq(t.scope, "account"), eq(t.key, target.account)),
          and(eq(t.scope, "account_address"), eq(t.key, pairKey(target))),
        ),
      );
    const row = (scope: Scope) => rows.find((r) => r.scope === scope);
    const waitOf = (scope: Scope) =>
      Math.max(0, (row(scope)?.blockedUntil?.getTime() ?? 0) - at.getTime());
    const pair = row("account_address");
    const hasFailedOnAccount =
      !!pair && pair.failures > 0 && isRemembered(pair, "account_address", at);
    return Math.max(waitOf("address"), hasFailedOnAccount ? waitOf("account") : 0);
  }

  return {
    /**
     * The account counter's key: the account's id when the identifier names one, so its
     * User ID and e-mail share it; otherwise the normalised identifier, counted the same
     * way so an unknown name answers exactly like a wrong password.
     */
    async accountKey(identifier: { email: string } | { username: string }): Promise<string> {
      const [found] = await db
        .select({ id: user.id })
        .from(user)
        .where(
          "email" in identifier
            ? eq(user.email, identifier.email.trim().toLowerCase())
            : eq(user.username, identifier.username.trim().toLowerCase()),
        );
      const name = "email" in identifier ? identifier.email : identifier.username;
      return found ? `account:${found.id}` : `unknown:${name.trim().toLowerCase()}`;
    },

    /** Whether this sign-in may check its password now; if so, `settle` it with the outcome. */
    async admit(target: SignInTarget): Promise<SignInAdmission> {
      const at = now();
      const waitMs = await retryAfterMs(target, at);
      if (waitMs > 0) return { isAdmitted: false, retryAfterMs: waitMs };
      if (!(await reserveAddress(target.address, at))) {
        // Another attempt from this address has just used up its last free failure.
        const retryAfter = await retryAfterMs(target, at);
        return { isAdmitted: false, retryAfterMs: Math.max(retryAfter, 1000) };
      }
      return {
        isAdmitted: true,
        async settle(outcome) {
          if (outcome === "failure") {
            await db
              .update(t)
              .set({ lastFailureAt: sql`greatest(${t.lastFailureAt}, ${timestamp(at)})` })
              .where(and(eq(t.scope, "address"), eq(t.key, target.address)));
            await recordFailure("account", target.account, at);
            await recordFailure("account_address", pairKey(target), at);
            await forgetExpired(now());
            return;
          }
          await releaseAddress(target.address);
          if (outcome === "success") await forgiveAddress(target);
        },
      };
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
