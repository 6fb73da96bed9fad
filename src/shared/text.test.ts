import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import {
  calendarFileParam,
  engagementIdParam,
  engagementInput,
  engagementListQuery,
} from "./engagements";
import { fileTokenParam } from "./files";
import { message } from "./i18n/message";
import { said } from "./i18n/server-instance";
import {
  taskFieldsInput,
  taskIdParam,
  taskListQuery,
  updateRemarksInput,
  updateTaskForm,
} from "./tasks";
import { TEXT_MESSAGES, textProblem } from "./text";
import { accountIdParam, deleteUserInput, listUsersQuery, updateUserInput } from "./users";

/** A message as an English (or Urdu) reader sees it; null and undefined stay as they are. */
function shown(text: string | null | undefined, language: "en" | "ur" = "en") {
  return text == null ? text : said(text, language);
}

const controlCharacters = (field: string) =>
  said(message(TEXT_MESSAGES.controlCharacters, { field }));

describe("textProblem", () => {
  it("accepts ordinary text in any script, with emoji and bidi marks", () => {
    for (const text of [
      "Budget review",
      "اجلاس برائے بجٹ",
      "Zoë’s 👍 note",
      "\u200fRTL mark",
      "",
    ]) {
      expect(textProblem(text, "Subject")).toBeNull();
    }
  });

  it("refuses NUL, other C0 controls, DEL and C1 controls on one line", () => {
    for (const text of [
      "a\u0000b",
      "a\u0001",
      "\u001f",
      "tab\there",
      "line\nbreak",
      "del\u007f",
      "c1\u0085",
      "\u009f",
    ]) {
      expect(shown(textProblem(text, "Subject"))).toBe(
        "Subject must not contain control characters",
      );
    }
  });

  it("lets multi-line text keep tab, line feed and carriage return, and nothing else", () => {
    expect(textProblem("first\r\nsecond\tcolumn", "Remarks", "multiline")).toBeNull();
    for (const text of ["a\u0000b", "\u000b", "\u000c", "\u001b[31m", "\u007f", "\u0080"]) {
      expect(shown(textProblem(text, "Remarks", "multiline"))).toBe(controlCharacters("Remarks"));
    }
  });

  it("names a field given as a catalog key in the reader's language", () => {
    const problem = textProblem("a\u0000b", "common:field.search");
    expect(shown(problem)).toBe("Search must not contain control characters");
    expect(shown(problem, "ur")).toBe("تلاش میں کنٹرول حروف نہیں ہونے چاہییں");
  });

  it("refuses half a surrogate pair but keeps whole ones", () => {
    expect(textProblem("\ud83d\udc4d", "Subject")).toBeNull();
    for (const text of ["\ud800", "a\udc00b", "\udbff"]) {
      expect(shown(textProblem(text, "Subject"))).toBe(
        "Subject must not contain broken characters",
      );
    }
  });
});

/** The first issue's message in English, as a form or the API shows it. */
function firstMessage(schema: z.ZodMiniType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  const text = result.success ? undefined : result.error.issues[0]?.message;
  return text === undefined ? undefined : said(text);
}

const task = {
  subject: "Budget",
  description: "",
  assignedTo: "a1B2c3",
  assignDate: "2026-01-05",
  dueDate: "2026-01-09",
};
const engagement = {
  date: "2026-01-05",
  time: "10:00",
  subject: "Budget",
  venue: "Cabinet Room",
  responsibility: "Secretary",
  status: "Scheduled",
};

describe("every free-text field of the shared schemas", () => {
  const cases: [string, z.ZodMiniType, (text: string) => unknown, string][] = [
    ["task subject", taskFieldsInput, (t) => ({ ...task, subject: t }), "Subject"],
    ["task description", taskFieldsInput, (t) => ({ ...task, description: t }), "Description"],
    [
      "task remarks (edit)",
      updateTaskForm,
      (t) => ({ ...task, status: "in_progress", remarks: t, version: "1" }),
      "Remarks",
    ],
    ["progress remarks", updateRemarksInput, (t) => ({ remarks: t }), "Remarks"],
    ["engagement subject", engagementInput, (t) => ({ ...engagement, subject: t }), "Subject"],
    [
      "In Attendance",
      engagementInput,
      (t) => ({ ...engagement, responsibility: t }),
      "In Attendance",
    ],
    ["engagement search", engagementListQuery, (t) => ({ search: t }), "Search"],
    [
      "user full name",
      updateUserInput,
      (t) => ({ fullName: t, role: "user", version: "1" }),
      "Full Name",
    ],
    ["user search", listUsersQuery, (t) => ({ search: t }), "Search"],
  ];

  it.each(cases)("%s refuses a NUL with a message naming the field", (_, schema, input, field) => {
    expect(firstMessage(schema, input("before\u0000after"))).toBe(controlCharacters(field));
    expect(firstMessage(schema, input("fine text"))).toBeUndefined();
  });

  it("keeps the SPEC message for an empty required field", () => {
    expect(firstMessage(taskFieldsInput, { ...task, subject: "  " })).toBe(
      "Please fill in all required fields",
    );
  });
});

describe("ids and tokens in paths and filters", () => {
  it("task and engagement ids are UUIDs; anything else names nothing", () => {
    const uuid = "0b6f6c2e-6a55-4c1f-9a53-1f2a3b4c5d6e";
    expect(taskIdParam.safeParse({ id: uuid }).success).toBe(true);
    expect(firstMessage(taskIdParam, { id: "not-a-uuid" })).toBe("Task not found");
    expect(firstMessage(engagementIdParam, { id: `${uuid}\u0000` })).toBe("Engagement not found");
  });

  it("account ids are short runs of letters, digits, '-' and '_'", () => {
    expect(accountIdParam.safeParse({ id: "Xk3vP0qLmN8sT2wY5zA1bC4dE7fG9hJ6" }).success).toBe(true);
    expect(accountIdParam.safeParse({ id: "seed-user-12" }).success).toBe(true);
    for (const id of ["", "a\u0000", "a b", "a/b", "x".repeat(65), "'; drop table user; --"]) {
      expect(firstMessage(accountIdParam, { id })).toBe("User not found");
    }
    expect(firstMessage(deleteUserInput, { handOverTo: "bad\u0000id" })).toBe(
      "Tasks can only be handed over to another user or administrator",
    );
    expect(firstMessage(taskFieldsInput, { ...task, assignedTo: "a\u0000" })).toBe(
      "Tasks can only be assigned to users and administrators",
    );
    expect(taskListQuery.parse({ assignedUser: "" }).assignedUser).toBeUndefined();
    expect(taskListQuery.safeParse({ assignedUser: "a\u0000" }).success).toBe(false);
  });

  it("a calendar feed path is a base64url token and .ics", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";
    expect(calendarFileParam.parse({ file: `${token}.ics` }).file).toBe(token);
    for (const file of [token, `${token}\u0000.ics`, ".ics", `${token}.ics.ics`, "a.ics"]) {
      expect(firstMessage(calendarFileParam, { file })).toBe(
        "This calendar address is not valid any more",
      );
    }
  });

  it("a file link token is base64url parts and dots", () => {
    expect(fileTokenParam.safeParse({ token: "eyJiIjoidGFzayJ9.c2lnbmF0dXJl" }).success).toBe(true);
    expect(fileTokenParam.safeParse({ token: "eyJi\u0000.c2ln" }).success).toBe(false);
  });
});
