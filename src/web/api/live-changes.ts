import { useEffect, useRef } from "react";
import type { LiveEvent } from "../../shared/live";

/** Each change the live stream brings (app/live-updates.ts), for a screen that must know of it. */
const liveChanges = new EventTarget();

export function announceLiveChange(event: LiveEvent) {
  liveChanges.dispatchEvent(new CustomEvent("change", { detail: event }));
}

/** Calls `onChange` with every change the live stream brings while the caller is mounted. */
export function useLiveChange(onChange: (event: LiveEvent) => void) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const listener = (event: Event) => latest.current((event as CustomEvent<LiveEvent>).detail);
    liveChanges.addEventListener("change", listener);
    return () => liveChanges.removeEventListener("change", listener);
  }, []);
}
