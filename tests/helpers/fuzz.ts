import fc from "fast-check";
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from "../../src/shared/audit";
import { ENGAGEMENT_STATUSES, VENUES } from "../../src/shared/engagements";
import { ROLES } from "../../src/shared/roles";
import { STATUS_FILTERS, TASK_STATUSES } from "../../src/shared/tasks";
import { PDF_BYTES, PNG_BYTES } from "./files";

/** Ids and tokens that exist, so fuzzed requests also reach rows and not only 404s. */
export type Pools = {
  taskIds: string[];
  engagementIds: string[];
  /** Accounts the fuzz may edit, re-password or delete (never the signed-in fixtures). */
  accountIds: string[];
  /** Accounts tasks may name (the fixtures too). */
  assigneeIds: string[];
  calendarFiles: string[];
  fileTokens: string[];
};

/** Characters that have broken servers: controls, NUL, bidi overrides, half surrogate pairs. */
const NASTY_UNITS = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\b",
  "\t",
  "\n",
  "\r",
  "\u000b",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009f",
  "\u200b",
  "\u200f",
  "\u202e",
  "\u2066",
  "\u2028",
  "\ufeff",
  "\ufffe",
  "\ud800",
  "\udfff",
  "😀",
  "ﷺ",
  "'",
  '"',
  "\\",
  "%",
  "_",
  "a",
  " ",
];

const NASTY_CONSTANTS = [
  "",
  " ",
  "\u0000",
  "null",
  "undefined",
  "true",
  "-1",
  "0",
  "1e309",
  "NaN",
  "-0",
  "9".repeat(400),
  "2026-02-30",
  "0000-00-00",
  "99999-01-01",
  "25:61",
  "' or '1'='1",
  "'); drop table tasks; --",
  "../../../etc/passwd",
  "%00",
  "%ZZ",
  "__proto__",
  "constructor",
  "<script>alert(1)</script>",
  "x".repeat(70_000),
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.constantFrom(...NASTY_UNITS), maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom(...NASTY_CONSTANTS),
);

/** Plausible values per field name, so the nasty part is often the only thing wrong. */
function plausible(field: string, pools: Pools): fc.Arbitrary<string> {
  const some = (values: string[]) =>
    values.length ? fc.constantFrom(...values) : fc.constant("none");
  switch (field) {
    case "assignDate":
    case "dueDate":
    case "date":
    case "assignDateFrom":
    case "assignDateTo":
    case "from":
    case "to":
      return fc.constantFrom("2026-11-05", "2026-11-20", "2020-01-01", "2030-12-31");
    case "time":
      return fc.constantFrom("10:00", "23:59", "00:00");
    case "venue":
      return fc.constantFrom(...VENUES);
    case "status":
      return fc.constantFrom(...TASK_STATUSES, ...ENGAGEMENT_STATUSES, ...STATUS_FILTERS);
    case "role":
      return fc.constantFrom(...ROLES);
    case "taskType":
      return fc.constantFrom("Task", "Request");
    case "entity":
      return fc.constantFrom(...AUDIT_ENTITIES);
    case "action":
      return fc.constantFrom(...AUDIT_ACTIONS);
    case "range":
      return fc.constantFrom("week", "all", "7", "30", "365");
    case "order":
      return fc.constantFrom("asc", "desc");
    case "page":
    case "pageSize":
      return fc.constantFrom("1", "2", "25", "1000");
    case "version":
      return fc.constantFrom("1", "2", "3");
    case "assignedTo":
    case "assignedUser":
    case "handOverTo":
    case "actor":
      return some(pools.assigneeIds);
    case "email":
      return fc.constantFrom("someone@example.com", "fuzz@hed.example", "admin@users.hed.invalid");
    case "username":
    case "userId":
      return fc.constantFrom("fuzzer", "admin", "a.b_c", "fuzz_admin");
    case "password":
    case "newPassword":
      return fc.constantFrom("correct-horse-1", "another-long-pass-2");
    case "removeAttachment":
    case "allowClash":
    case "rememberMe":
      return fc.constantFrom("true", "false");
    case "token":
      return fc.constantFrom("abc", "a".repeat(32));
    default:
      return fc.constantFrom("Budget review", "Secretary HED", "ok");
  }
}

/** A field's value: plausible, plausible with a nasty character inside, or anything nasty. */
export function fieldString(field: string, pools: Pools): fc.Arbitrary<string> {
  const base = plausible(field, pools);
  return fc.oneof(
    base,
    fc.tuple(base, fc.constantFrom(...NASTY_UNITS), fc.nat()).map(([value, unit, at]) => {
      const i = at % (value.length + 1);
      return value.slice(0, i) + unit + value.slice(i);
    }),
    nastyString,
  );
}

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0),
  fc.bigInt().map((n) => Number(n)),
);

/** Any JSON value for a field: right-looking strings, wrong types, nesting, null. */
export function fieldValue(field: string, pools: Pools): fc.Arbitrary<unknown> {
  // A list of accounts (an engagement's participants): real ids, repeats, nasty ones.
  if (field === "participants")
    return fc.oneof(
      { arbitrary: fc.array(fieldString("assignedTo", pools), { maxLength: 4 }), weight: 6 },
      { arbitrary: fieldString(field, pools), weight: 1 },
      { arbitrary: fc.constant(null), weight: 1 },
      { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
    );
  return fc.oneof(
    { arbitrary: fieldString(field, pools), weight: 6 },
    { arbitrary: nastyNumber, weight: 1 },
    { arbitrary: fc.boolean(), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  );
}

export type FuzzBody =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string | null; text: string }
  | { kind: "form"; entries: [string, string | File][] };

function record(fields: readonly string[], pools: Pools): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(Object.fromEntries(fields.map((field) => [field, fieldValue(field, pools)])), {
    requiredKeys: [],
  });
}

/** A JSON body for a route with these fields, or something that is not one. */
export function jsonBody(fields: readonly string[], pools: Pools): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    {
      arbitrary: record(fields, pools).map((value) => ({ kind: "json", value }) as FuzzBody),
      weight: 8,
    },
    { arbitrary: fc.jsonValue().map((value) => ({ kind: "json", value }) as FuzzBody), weight: 2 },
    { arbitrary: oddBody, weight: 2 },
  );
}

const oddBody: fc.Arbitrary<FuzzBody> = fc.record({
  kind: fc.constant("raw" as const),
  contentType: fc.constantFrom(
    null,
    "application/json",
    "application/json; charset=latin1",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "multipart/form-data; boundary=xyz",
    "application/xml",
    "\u00e9/\u00e9",
  ),
  text: fc.oneof(
    nastyString,
    fc.constantFrom(
      "{",
      "null",
      "[]",
      '{"a":',
      "--xyz\r\n",
      "a=%00&b=%ZZ",
      '{"__proto__":{"x":1}}',
    ),
  ),
});

const fileName = fc.oneof(
  fc.constantFrom(
    "report.pdf",
    "scan.png",
    "a\u0000b.pdf",
    "\u202egnp.exe",
    "",
    ".pdf",
    "x".repeat(400),
  ),
  nastyString,
);

const fileBytes = fc.oneof(
  fc.constantFrom(PDF_BYTES, PNG_BYTES),
  fc.uint8Array({ maxLength: 256 }),
);

const file = fc
  .tuple(fileBytes, fileName, fc.constantFrom("application/pdf", "image/png", "", "text/html"))
  .map(([bytes, name, type]) => new File([new Uint8Array(bytes)], name, { type }));

/** A multipart body with these fields (fileFields as files or strings), or something else. */
export function formBody(
  fields: readonly string[],
  fileFields: readonly string[],
  pools: Pools,
): fc.Arbitrary<FuzzBody> {
  type Entries = [string, string | File][];
  const entry = (field: string): fc.Arbitrary<Entries> =>
    fc.oneof(
      fc.constant<Entries>([]),
      (fileFields.includes(field) ? file : fieldString(field, pools)).map(
        (value): Entries => [[field, value]],
      ),
      fc.tuple(fieldString(field, pools), fieldString(field, pools)).map(
        ([a, b]): Entries => [
          [field, a],
          [field, b],
        ],
      ),
    );
  const entries = fc
    .tuple(...[...fields, ...fileFields].map(entry))
    .map((parts) => ({ kind: "form", entries: parts.flat() }) as FuzzBody);
  return fc.oneof({ arbitrary: entries, weight: 8 }, { arbitrary: oddBody, weight: 2 });
}

/** A query string over these parameters (leading "?" included when not empty). */
export function queryString(params: readonly string[], pools: Pools): fc.Arbitrary<string> {
  return fc
    .tuple(
      record(params, pools),
      fc.constantFrom("", "&%00=%00", "&a=%ZZ", "&page=1&page=2", "&=&&"),
    )
    .map(([values, tail]) => {
      const parts = Object.entries(values).map(
        ([key, value]) =>
          `${key}=${encodePart(typeof value === "string" ? value : (JSON.stringify(value) ?? ""))}`,
      );
      const text = parts.join("&") + tail;
      return text ? `?${text}` : "";
    });
}

/** An id or token for a path: a real one, a random UUID, or junk, encoded for the URL. */
export function pathPart(real: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: real.length ? fc.constantFrom(...real) : fc.uuid(), weight: 3 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: nastyString.map(encodePart), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        "%00",
        "a%00b",
        "%ff",
        "%E0%A4%A",
        "..%2f..",
        "%20",
        "x.ics",
        "%00.ics",
      ),
      weight: 2,
    },
  );
}

/** encodeURIComponent, which refuses half surrogate pairs; those go as a raw percent escape. */
export function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

/** Request init for a body, with any content type it claims. */
export function bodyInit(body: FuzzBody): { body?: BodyInit; headers: Record<string, string> } {
  switch (body.kind) {
    case "none":
      return { headers: {} };
    case "json":
      return {
        body: JSON.stringify(body.value) ?? "",
        headers: { "Content-Type": "application/json" },
      };
    case "raw":
      return {
        body: body.text,
        headers: body.contentType ? { "Content-Type": body.contentType } : {},
      };
    case "form": {
      const form = new FormData();
      for (const [key, value] of body.entries) form.append(key, value);
      return { body: form, headers: {} };
    }
  }
}

/** A short description of a body for a failure message. */
export function describeBody(body: FuzzBody): string {
  const text =
    body.kind === "form"
      ? JSON.stringify(
          body.entries.map(([key, value]) => [
            key,
            typeof value === "string" ? value : `File(${JSON.stringify(value.name)})`,
          ]),
        )
      : JSON.stringify(body);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}
