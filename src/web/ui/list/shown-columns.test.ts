import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { viewQueryOf } from "../../../shared/views";
import { shownColumnsField, shownColumnsOf } from "./shown-columns";
import { nextListState, parseListState, toSearchParams } from "./use-list-state";

const NAMES = ["diaryNo", "letterNo"] as const;
const state = z.object({
  page: z.catch(z._default(z.coerce.number(), 1), 1),
  columns: shownColumnsField(NAMES),
});
const parse = (search: string) => parseListState(state, new URLSearchParams(search));

describe("a list's optional columns in the address bar", () => {
  it("shows none until chosen, and writes nothing for none", () => {
    expect(parse("").columns).toBeUndefined();
    expect(toSearchParams(state, parse("columns=")).toString()).toBe("");
  });

  it("keeps the names the list offers, once each, in the list's order", () => {
    expect(parse("columns=letterNo,diaryNo,letterNo").columns).toBe("diaryNo,letterNo");
    expect(parse("columns=subject,diaryNo").columns).toBe("diaryNo");
    expect(parse("columns=subject").columns).toBeUndefined();
    expect(shownColumnsOf(NAMES, "letterNo,diaryNo")).toEqual(["diaryNo", "letterNo"]);
    expect(shownColumnsOf(NAMES, undefined)).toEqual([]);
  });

  it("keeps the page when the columns change with it, and lives in a saved view's query", () => {
    const onPage3 = parse("page=3");
    const shown = nextListState(state, onPage3, { columns: "diaryNo", page: onPage3.page });
    expect(shown).toEqual({ page: 3, columns: "diaryNo" });
    expect(viewQueryOf(`?${toSearchParams(state, shown)}`)).toBe("columns=diaryNo");
  });
});
