import type { UseQueryResult } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useRef } from "react";
import type { EngagementList } from "../../../shared/engagements";
import { groupByDay } from "../engagement-display";

/** The nearest box between `element` and `within` that scrolls its content vertically. */
function scrollBoxOf(element: HTMLElement, within: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node && node !== within; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (node.scrollHeight > node.clientHeight && /auto|scroll/.test(overflowY)) return node;
  }
  return null;
}

/** Puts `heading` at the top of the chart's scroll box, under its sticky column names. */
function scrollToTop(heading: HTMLElement, within: HTMLElement) {
  const box = scrollBoxOf(heading, within);
  if (!box) {
    // A phone's cards have no box: the page scrolls (engagement-chart.module.css keeps the
    // heading clear of the app's header).
    heading.scrollIntoView({ block: "start" });
    return;
  }
  const stickyHeight = box.querySelector("thead")?.getBoundingClientRect().height ?? 0;
  box.scrollTop +=
    heading.getBoundingClientRect().top - box.getBoundingClientRect().top - stickyHeight;
}

/**
 * "Show All Engagements" lists every day in time order, two years back included; it opens at
 * this week: the first day from this week's Monday on is scrolled to the top, the past above
 * it and the future below (the last day when everything is past). It scrolls once per view
 * (`viewKey`: the filters; null when not showing everything), so a live refresh leaves the
 * reader where they are. Returns the ref for the element around the chart's table.
 */
export function useOpenAtThisWeek(query: UseQueryResult<EngagementList>, viewKey: string | null) {
  const chartRef = useRef<HTMLDivElement>(null);
  const scrolledView = useRef<string | null>(null);
  const { data, isPlaceholderData } = query;
  // The table draws its rows from a deferred copy of the answer (ui/list/data-table.tsx): the
  // same copy, changed in the same background render, says when the day headings are there.
  const shownData = useDeferredValue(data);

  useEffect(() => {
    if (viewKey === null) {
      scrolledView.current = null;
      return;
    }
    const chart = chartRef.current;
    if (!chart || !data || shownData !== data || isPlaceholderData) return;
    if (scrolledView.current === viewKey) return;
    scrolledView.current = viewKey;
    const days = groupByDay(data.engagements).map((day) => day.date);
    const fromThisWeek = days.findIndex((day) => day >= data.week.start);
    const index = fromThisWeek === -1 ? days.length - 1 : fromThisWeek;
    // The table heads each day's rows with a row-group header, in the same order.
    const heading = chart.querySelectorAll<HTMLElement>('th[scope="rowgroup"]')[index];
    if (index > 0 && heading) scrollToTop(heading, chart);
  }, [viewKey, data, shownData, isPlaceholderData]);

  return chartRef;
}
