import { createHash } from "node:crypto";
import { and, asc, eq, lte } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Language } from "../../shared/i18n/languages";
import {
  DIGEST_LENGTH,
  type NoteSheetEntry,
  type NoteSheetParagraph,
} from "../../shared/notesheet";
import { designationIn, displayNameOf } from "../../shared/users";
import { readHoldings } from "../custody/holdings";
import type { Db } from "../db/client";
import { taskMarkings, taskProgressEntries, user } from "../db/schema";

const author = alias(user, "author");

/**
 * A paragraph before numbering, with what its digest covers: only what was fixed when it was
 * written (the names a holding recorded, its purpose, answer, remark or reason; an entry's
 * kind and text; the time), never what is read now (designations, an entry's author's name,
 * an account id that deleting the account clears), so a printout stays verifiable after
 * renames, new designations and departures.
 */
type Unnumbered = {
  paragraph: NoteSheetEntry;
  content: Record<string, string | null>;
  /** Ties in time: the movement before the thread, each in its own order. */
  order: [number, number];
};

async function movementParagraphs(
  db: Db,
  taskId: string,
  asOf: Date | undefined,
  language: Language,
): Promise<Unnumbered[]> {
  const rows = await readHoldings(
    db,
    and(eq(taskMarkings.taskId, taskId), asOf ? lte(taskMarkings.markedAt, asOf) : undefined),
  );
  return rows.map(({ marking, from, to }, index): Unnumbered => {
    const at = marking.markedAt.toISOString();
    const order: [number, number] = [0, marking.seq];
    if (marking.kind === "pulled_back") {
      // The sender pulled it back and holds it again; the holding it ended names from whom, and
      // keeps the reason (written with this row, so fixed from this row's time on).
      const ended = rows[index - 1]?.marking;
      const fromName = ended?.toName ?? marking.fromName;
      const reason = ended?.pullBackReason ?? marking.remark;
      return {
        paragraph: {
          kind: "pulled_back",
          at,
          by: { name: marking.toName, designation: designationIn(to, language) },
          from: fromName,
          reason,
        },
        content: { kind: marking.kind, at, by: marking.toName, from: fromName, reason },
        order,
      };
    }
    const by = { name: marking.fromName, designation: designationIn(from, language) };
    if (marking.kind === "returned")
      return {
        paragraph: {
          kind: "returned",
          at,
          by,
          to: marking.toName,
          outcome: marking.outcome,
          remark: marking.remark,
        },
        content: {
          kind: marking.kind,
          at,
          by: marking.fromName,
          to: marking.toName,
          outcome: marking.outcome,
          remark: marking.remark,
        },
        order,
      };
    return {
      paragraph: {
        kind: marking.kind,
        at,
        by,
        to: marking.toName,
        purpose: marking.purpose,
        remark: marking.remark,
      },
      content: {
        kind: marking.kind,
        at,
        by: marking.fromName,
        to: marking.toName,
        purpose: marking.purpose,
        remark: marking.remark,
      },
      order,
    };
  });
}

async function threadParagraphs(
  db: Db,
  taskId: string,
  asOf: Date | undefined,
  language: Language,
): Promise<Unnumbered[]> {
  const rows = await db
    .select({
      entry: taskProgressEntries,
      author: {
        name: author.name,
        email: author.email,
        username: author.username,
        designation: author.designation,
        designationUr: author.designationUr,
      },
    })
    .from(taskProgressEntries)
    .leftJoin(author, eq(author.id, taskProgressEntries.authorId))
    .where(
      and(
        eq(taskProgressEntries.taskId, taskId),
        asOf ? lte(taskProgressEntries.createdAt, asOf) : undefined,
      ),
    )
    .orderBy(asc(taskProgressEntries.seq));
  return rows.map(({ entry, author: person }): Unnumbered => {
    const at = entry.createdAt.toISOString();
    return {
      paragraph: {
        kind: entry.kind,
        at,
        by: {
          // Empty when the author's account is gone, as the thread shows it.
          name: displayNameOf(person ?? {}),
          designation: designationIn(person, language),
        },
        body: entry.body,
      },
      content: { kind: entry.kind, at, body: entry.body },
      order: [1, entry.seq],
    };
  });
}

function byTimeThenOrder(a: Unnumbered, b: Unnumbered): number {
  return (
    a.paragraph.at.localeCompare(b.paragraph.at) ||
    a.order[0] - b.order[0] ||
    a.order[1] - b.order[1]
  );
}

/** SHA-256 of the paragraphs' language-neutral content, base64url, cut to DIGEST_LENGTH. */
function digestOf(paragraphs: readonly Unnumbered[]): string {
  return createHash("sha256")
    .update(JSON.stringify(paragraphs.map(({ content }) => content)))
    .digest("base64url")
    .slice(0, DIGEST_LENGTH);
}

/**
 * A task's paragraphs as they stood at `asOf` (every one when undefined): the movement's
 * holdings and the thread's entries begun by then, merged in time order and numbered, with the
 * digest a verification code carries. Each paragraph is written in the transaction of the
 * change its audit row records, at that row's time, so the rows up to an audit row's time are
 * the paragraphs that row saw.
 */
export async function paragraphsAsOf(
  db: Db,
  taskId: string,
  asOf: Date | undefined,
  language: Language,
): Promise<{ paragraphs: NoteSheetParagraph[]; digest: string }> {
  const [movement, thread] = await Promise.all([
    movementParagraphs(db, taskId, asOf, language),
    threadParagraphs(db, taskId, asOf, language),
  ]);
  const merged = [...movement, ...thread].sort(byTimeThenOrder);
  return {
    paragraphs: merged.map(({ paragraph }, index) => ({ ...paragraph, number: index + 1 })),
    digest: digestOf(merged),
  };
}
