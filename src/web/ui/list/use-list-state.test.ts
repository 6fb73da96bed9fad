import { describe, expect, it } from "vitest";
import { engagementListState } from "../../../shared/engagements";
import { TASK_FILTER_FIELDS, taskListState } from "../../../shared/tasks";
import { activeFields, nextListState, parseListState, toSearchParams } from "./use-list-state";

const parse = (search: string) => parseListState(taskListState, new URLSearchParams(search));

describe("list state in the address bar", () => {
  it("an empty address opens the list at its defaults", () => {
    expect(parse("")).toEqual({ status: "all", page: 1 });
  });

  it("a bad value falls back to its own default and keeps the good ones", () => {
    expect(parse("status=completed&page=abc&dueDate=2026-02-30&assignDate=2026-11-22")).toEqual({
      status: "completed",
      assignDate: "2026-11-22",
      page: 1,
    });
    expect(parse("status=finished&page=3")).toEqual({ status: "all", page: 3 });
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
  });

  it("writes only the values that differ from the defaults", () => {
    expect(toSearchParams(taskListState, parse("")).toString()).toBe("");
    expect(toSearchParams(taskListState, parse("status=all&page=1")).toString()).toBe("");
    const filtered = parse("page=2&dueDate=2026-11-22&status=overdue");
    expect(toSearchParams(taskListState, filtered).toString()).toBe(
      "status=overdue&dueDate=2026-11-22&page=2",
    );
  });

  it("a filter change starts again at the first page; a page change keeps the filters", () => {
    const onPage3 = parse("status=completed&page=3");
    expect(nextListState(taskListState, onPage3, { dueDate: "2026-11-22" })).toEqual({
      status: "completed",
      dueDate: "2026-11-22",
      page: 1,
    });
    expect(nextListState(taskListState, onPage3, { page: 4 })).toEqual({
      status: "completed",
      page: 4,
    });
    expect(nextListState(taskListState, onPage3, { status: "all", page: 3 }).page).toBe(3);
  });

  it("a change is parsed like an address, so what is written is what a reload reads", () => {
    const state = engagementListState.parse({});
    const searched = nextListState(engagementListState, state, { search: "  budget  " });
    expect(searched.search).toBe("budget");
    expect(toSearchParams(engagementListState, searched).toString()).toBe("search=budget");
    expect(nextListState(engagementListState, searched, { search: " " }).search).toBe("");
  });

  it("lists without a page field have nothing to reset", () => {
    const state = engagementListState.parse({ range: "all" });
    expect(nextListState(engagementListState, state, { venue: "CS Office" })).toEqual({
      range: "all",
      venue: "CS Office",
      search: "",
    });
  });

  it("counts as filters in force only the given fields not at their defaults", () => {
    expect(activeFields(taskListState, parse("page=2"), TASK_FILTER_FIELDS)).toEqual([]);
    expect(
      activeFields(taskListState, parse("status=overdue&dueDate=2026-11-22"), TASK_FILTER_FIELDS),
    ).toEqual(["status", "dueDate"]);
  });
});
