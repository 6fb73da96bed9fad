import { sql } from "drizzle-orm";
import { formatRegisterNumber, templateNamesSection } from "../../shared/dak";
import type { Db } from "../db/client";
import { type REGISTERS, registerCounters } from "../db/schema";

/**
 * The next number of `register` for an entry written in `tx`, made from `template`: the
 * counter row of the year (and of the section, where the template names one) is incremented
 * in `tx` and stays locked until it ends, so concurrent entries take consecutive numbers in
 * turn, on one connection or many, and an entry that rolls back gives its number back.
 */
export async function drawNumber(
  tx: Db,
  register: (typeof REGISTERS)[number],
  template: string,
  parts: { year: number; section: string | null },
): Promise<string> {
  const scope = templateNamesSection(template) ? (parts.section ?? "") : "";
  const [row] = await tx
    .insert(registerCounters)
    .values({ register, scope, year: parts.year, last: 1 })
    .onConflictDoUpdate({
      target: [registerCounters.register, registerCounters.scope, registerCounters.year],
      set: { last: sql`${registerCounters.last} + 1` },
    })
    .returning({ last: registerCounters.last });
  return formatRegisterNumber(template, { ...parts, seq: row.last });
}
