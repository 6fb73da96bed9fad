import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DAK_MESSAGES,
  DEFAULT_DAK_SETTINGS,
  dakSettingsSchema,
  formatRegisterNumber,
  templateNamesSection,
  templateProblem,
} from "./dak";

describe("templateProblem", () => {
  it.each([
    "HED-{yyyy}-{seq:5}",
    "HED-{section}-{yyyy}-{seq:5}",
    "HED/OUT/{yy}/{seq}",
    "{seq:9}.{yyyy}",
    "D {yy}_{section} {seq:1}",
    DEFAULT_DAK_SETTINGS.diaryTemplate,
    DEFAULT_DAK_SETTINGS.dispatchTemplate,
  ])("accepts %s", (template) => {
    expect(templateProblem(template)).toBeNull();
  });

  it.each([
    ["HED-{yyyy}", DAK_MESSAGES.templateSeq],
    ["HED-{yyyy}-{seq}-{seq:3}", DAK_MESSAGES.templateSeq],
    ["HED-{seq:5}", DAK_MESSAGES.templateYear],
    ["HED-{section}-{seq:5}", DAK_MESSAGES.templateYear],
    ["HED-{yyyy}-{seq:0}", DAK_MESSAGES.templateToken],
    ["HED-{yyyy}-{seq:10}", DAK_MESSAGES.templateToken],
    ["HED-{year}-{seq}", DAK_MESSAGES.templateToken],
    ["HED-{yyyy}-{seq", DAK_MESSAGES.templateToken],
    ["HED-}{yyyy}-{seq}", DAK_MESSAGES.templateToken],
    ["HED#{yyyy}-{seq}", DAK_MESSAGES.templateCharacters],
    ["HED-{yyyy}-{seq}<b>", DAK_MESSAGES.templateCharacters],
    ["ہیڈ-{yyyy}-{seq}", DAK_MESSAGES.templateCharacters],
    ["", DAK_MESSAGES.templateSeq],
  ])("refuses %j with %s", (template, problem) => {
    expect(templateProblem(template)).toBe(problem);
  });

  it("names a section only where {section} is in the template", () => {
    expect(templateNamesSection("HED-{section}-{yyyy}-{seq}")).toBe(true);
    expect(templateNamesSection("HED-{yyyy}-{seq}")).toBe(false);
  });

  it("is what the settings' schema refuses templates by", () => {
    const settings = (diaryTemplate: string) =>
      dakSettingsSchema.safeParse({ ...DEFAULT_DAK_SETTINGS, diaryTemplate });
    expect(settings("HED-{yyyy}-{seq:5}").success).toBe(true);
    const refused = settings("HED-{seq:5}");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toContain(
      DAK_MESSAGES.templateYear,
    );
  });
});

describe("formatRegisterNumber", () => {
  it("pads the running number to the width asked, and not at all without one", () => {
    const at = (template: string, seq: number) =>
      formatRegisterNumber(template, { year: 2026, seq, section: null });
    expect(at("HED-{yyyy}-{seq:5}", 7)).toBe("HED-2026-00007");
    expect(at("HED-{yyyy}-{seq:5}", 12345)).toBe("HED-2026-12345");
    // A number past the width is written whole, never cut.
    expect(at("HED-{yyyy}-{seq:5}", 123456)).toBe("HED-2026-123456");
    expect(at("HED-{yyyy}-{seq}", 7)).toBe("HED-2026-7");
    expect(at("{seq:1}/{yyyy}", 42)).toBe("42/2026");
    expect(at("{seq:9}/{yyyy}", 42)).toBe("000000042/2026");
  });

  it("writes {yy} as the year's last two digits, zero-padded", () => {
    const year = (y: number) =>
      formatRegisterNumber("D/{yy}/{seq:3}", { year: y, seq: 1, section: null });
    expect(year(2026)).toBe("D/26/001");
    expect(year(2005)).toBe("D/05/001");
    expect(year(2100)).toBe("D/00/001");
  });

  it("writes the section where the template names it", () => {
    expect(
      formatRegisterNumber("HED-{section}-{yyyy}-{seq:4}", {
        year: 2027,
        seq: 31,
        section: "Acad",
      }),
    ).toBe("HED-Acad-2027-0031");
    expect(
      formatRegisterNumber("HED-{yyyy}-{seq:4}", { year: 2027, seq: 31, section: "Acad" }),
    ).toBe("HED-2027-0031");
  });

  it("gives distinct numbers to distinct running numbers of a year and section", () => {
    const template = fc.constantFrom(
      "HED-{yyyy}-{seq:5}",
      "HED-{section}-{yyyy}-{seq:5}",
      "{seq}/{yy}",
      "OUT-{yy}-{seq:3}-{section}",
      "{seq:9}",
    );
    fc.assert(
      fc.property(
        template,
        fc.integer({ min: 1900, max: 2199 }),
        fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), { nil: null }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (tpl, year, section, a, b) => {
          fc.pre(a !== b);
          const one = formatRegisterNumber(tpl, { year, seq: a, section });
          const two = formatRegisterNumber(tpl, { year, seq: b, section });
          expect(one).not.toBe(two);
        },
      ),
    );
  });
});
