import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInFailures, user } from "../db/schema";
import { createTurns } from "../http/turns";

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
  /**
   * Failures from one client address, whichever accounts were tried, less those its people
   * took back by signing in: the cap across identifiers.
   */
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

export type SignInAttempt<T> =
  | { isAdmitted: true; result: T }
  | { isAdmitted: false; retryAfterMs: number };

/**
 * Sign-ins from one address checked at once by this process: one, so the cap is exact here.
 * Password checks are CPU-bound and capped at the cores anyway (auth.ts), and a queue of a
 * hundred clears in seconds; past that a flood from one address is answered BUSY.
 */
const ADDRESS_TURNS = { atOnce: 1, waiting: 100 };

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
  const inTurn = createTurns(ADDRESS_TURNS);
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
   * The right password from an address takes back that address's own failures on the account
   * (typos), from the account's counter and from the address's, but not other addresses': an
   * attacker's count survives the owner signing in, and an office's typos, each followed by
   * its owner's right password, never add up to the address's cap. One statement, so two
   * sign-ins at once cannot take the same failures back twice.
   */
  async function forgive(target: SignInTarget) {
    const failures = sql`greatest(${t.failures} - coalesce((select failures from forgiven), 0), 0)`;
    const from = sql`${t.lastFailureAt}`;
    await db.execute(sql`
      with forgiven as (
        delete from ${t}
        where ${t.scope} = 'account_address' and ${t.key} = ${pairKey(target)}
        returning ${t.failures} as failures
      )
      update ${t} set
        failures = ${failures},
        blocked_until = case when ${t.scope} = 'address'
          then ${blockedUntil("address", failures, from)}
          else ${blockedUntil("account", failures, from)} end
      where (${t.scope} = 'account' and ${t.key} = ${target.account})
        or (${t.scope} = 'address' and ${t.key} = ${target.address})`);
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

    /**
     * Checks the password through `check` unless the attempt is refused, then counts what it
     * turned out to be. One address's attempts take turns in this process, so each starts
     * after the last one's failure is counted: a burst of guesses cannot slip in under the
     * cap, and attempts still being checked never count against anyone.
     */
    async attempt<T>(
      target: SignInTarget,
      check: () => Promise<{ result: T; outcome: SignInOutcome }>,
    ): Promise<SignInAttempt<T>> {
      return inTurn(target.address, async () => {
        const at = now();
        const waitMs = await retryAfterMs(target, at);
        if (waitMs > 0) return { isAdmitted: false, retryAfterMs: waitMs };
        const { result, outcome } = await check();
        if (outcome === "failure") {
          await recordFailure("address", target.address, at);
          await recordFailure("account", target.account, at);
          await recordFailure("account_address", pairKey(target), at);
          await forgetExpired(now());
        } else if (outcome === "success") {
          await forgive(target);
        }
        return { isAdmitted: true, result };
      });
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
