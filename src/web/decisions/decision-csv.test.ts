import { describe, expect, it } from "vitest";
import { formatDisplayDate } from "../../shared/dates";
import type { DecisionItem } from "../../shared/decisions";
import { fullI18n as i18n } from "../../shared/i18n/server-instance";
import { buildDecisionsCsv, decisionsCsvFileName } from "./decision-csv";
import {
  DECISIONS_NAMESPACES,
  describeDecisionFilters,
  dueDateOf,
  formatComplianceRate,
} from "./decision-display";

const t = i18n.getFixedT("en", DECISIONS_NAMESPACES);
const ur = i18n.getFixedT("ur", DECISIONS_NAMESPACES);

const action: DecisionItem = {
  id: "d1",
  engagement: { id: "e1", subject: "Budget review", date: "2026-11-02" },
  agendaItem: { id: "a1", title: "Grants" },
  description: "Release the grant",
  outcome: "action",
  owner: { id: "u1", name: "Asma Khan" },
  dueDate: "2026-11-10",
  reason: null,
  task: { id: "t1", status: "delayed", dueDate: "2026-11-12", completionDate: null },
  status: "overdue",
  daysOverdue: 4,
  createdAt: "2026-11-02T10:00:00.000Z",
  version: 1,
  can: { delete: true },
};

const regretted: DecisionItem = {
  ...action,
  id: "d2",
  agendaItem: null,
  description: '=HYPERLINK("x"), a "quoted" plan',
  outcome: "regretted",
  owner: null,
  dueDate: null,
  reason: "No budget,\nthis year",
  task: null,
  status: "regretted",
  daysOverdue: 0,
};

describe("the decisions CSV", () => {
  it("has a title line, the columns' names and one line per decision, CRLF-ended", () => {
    const csv = buildDecisionsCsv([action, regretted], "All decisions", t);
    expect(csv.endsWith("\r\n")).toBe(true);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("Decisions: All decisions");
    expect(lines[1]).toBe(
      "Meeting Date,Meeting,Decision,Agenda Item,Outcome,Owner,Due Date,Status,Days Overdue,Reason",
    );
    // The due date is the task's, which an extension moved.
    expect(lines[2]).toBe(
      "2026-11-02,Budget review,Release the grant,Grants,Action,Asma Khan,2026-11-12,Overdue,4,",
    );
  });

  it("quotes commas, quotes and line breaks, and defuses a formula", () => {
    const csv = buildDecisionsCsv([regretted], "All decisions", t);
    expect(csv).toContain(
      `2026-11-02,Budget review,"'=HYPERLINK(""x""), a ""quoted"" plan",,Regretted,,,Regretted,0,"No budget,\nthis year"`,
    );
  });

  it("speaks the page's language", () => {
    const csv = buildDecisionsCsv([action], ur("describe.all"), ur);
    expect(csv.split("\r\n")[0]).toBe(`${ur("csv.title", { filters: ur("describe.all") })}`);
    expect(csv).toContain(ur("status.overdue"));
  });

  it("is named after the meetings' dates it covers", () => {
    expect(decisionsCsvFileName({})).toBe("decisions.csv");
    expect(decisionsCsvFileName({ from: "2026-11-01", to: "2026-11-30" })).toBe(
      "decisions-from-2026-11-01-to-2026-11-30.csv",
    );
  });
});

describe("the decisions' words", () => {
  it("writes a rate as a percentage, or a dash while nothing is actionable", () => {
    expect(formatComplianceRate(50)).toBe("50%");
    expect(formatComplianceRate(0)).toBe("0%");
    expect(formatComplianceRate(null)).toBe("—");
  });

  it("takes the task's due date over the decision's own", () => {
    expect(dueDateOf(action)).toBe("2026-11-12");
    expect(dueDateOf({ dueDate: "2026-11-10", task: null })).toBe("2026-11-10");
    expect(dueDateOf(regretted)).toBeNull();
  });

  it("describes the filters in force, or all decisions", () => {
    const date = (day: string) => formatDisplayDate(day);
    expect(describeDecisionFilters({}, {}, t, date)).toBe("All decisions");
    expect(
      describeDecisionFilters(
        { engagement: "e1", owner: "u1", status: "overdue", from: "2026-11-01" },
        { meeting: "Budget review", owner: "Asma Khan" },
        t,
        date,
      ),
    ).toBe("Meeting: Budget review · Owner: Asma Khan · Status: Overdue · From Nov 01, 2026");
  });
});
