import { type LiveEndReason, MAX_LIVE_STREAMS_PER_ACCOUNT } from "../../shared/live";
import type { CurrentUser } from "../../shared/users";
import type { ChangeEvent, RecordChanged } from "../events/bus";
import { canHear, presentChange } from "./audience";
import type { ChangeChannel } from "./channel";

/** A repeating timer; returns how to stop it. Injected by tests to count live timers. */
export type Schedule = (callback: () => void, everyMs: number) => () => void;

const repeatEvery: Schedule = (callback, everyMs) => {
  const timer = setInterval(callback, everyMs);
  timer.unref();
  return () => clearInterval(timer);
};

/** Where a stream's Server-Sent Events text goes (the HTTP response). */
export type LiveSink = { write(text: string): Promise<unknown> };

export type OpenStream = {
  holder: CurrentUser;
  /** When the session ends by itself; the stream ends with it. */
  expiresAt: Date;
  /** The holder as their session stands now, or null when it has ended. */
  currentHolder: () => Promise<CurrentUser | null>;
  sink: LiveSink;
};

export type LiveStream = {
  readonly holder: CurrentUser;
  /** Ends the stream; with a reason the client is told why (an `end` event), else it went away. */
  end(reason?: LiveEndReason): void;
  /** Settles once the stream has ended and its last event is written. */
  readonly done: Promise<void>;
};

const HEARTBEAT_MS = 20_000;
/** Events waiting for a client that does not read; past this it reconnects and refetches instead. */
const MAX_BACKLOG = 500;

/** How long the client waits before reconnecting, per reason. */
function retryMs(reason: LiveEndReason): number {
  // A restart drops every stream at once: spread the reconnections over a few seconds.
  if (reason === "restart") return 1000 + Math.floor(Math.random() * 4000);
  // A client that ignores `end` (an old page) must not evict another stream at once in turn.
  if (reason === "replaced") return 10 * 60_000;
  return 1000;
}

function sse(event: string, data: unknown, retry?: number): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n${retry ? `retry: ${retry}\n` : ""}\n`;
}

/**
 * The live streams of this instance. One subscription to the change channel fans changes out
 * to the streams whose holders may hear of them (audience.ts); a change to a holder's account or
 * sessions re-checks their session, and the stream ends when it has. Each account holds at
 * most `maxStreamsPerAccount` streams (a further one ends the oldest); each stream has exactly
 * one timer, its heartbeat, which also ends it when the session expires. When `shutdown`
 * aborts, every stream ends with a `restart` hint.
 */
export function createLiveHub(options: {
  channel: ChangeChannel;
  shutdown?: AbortSignal;
  maxStreamsPerAccount?: number;
  heartbeatMs?: number;
  schedule?: Schedule;
  now?: () => number;
}) {
  const maxPerAccount = options.maxStreamsPerAccount ?? MAX_LIVE_STREAMS_PER_ACCOUNT;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const schedule = options.schedule ?? repeatEvery;
  const now = options.now ?? Date.now;
  /** Every account's open streams, oldest first (a Set keeps insertion order). */
  const byAccount = new Map<string, Set<Stream>>();

  type Stream = LiveStream & {
    deliver(event: RecordChanged): void;
    currentHolder: OpenStream["currentHolder"];
  };

  function open({ holder, expiresAt, currentHolder, sink }: OpenStream): LiveStream {
    let ended = false;
    let backlog = 0;
    let writing: Promise<unknown> = Promise.resolve();
    let settle = () => {};
    const done = new Promise<void>((resolve) => {
      settle = resolve;
    });

    const send = (text: string) => {
      backlog++;
      writing = writing
        .then(() => sink.write(text))
        .catch(() => {})
        .finally(() => backlog--);
    };

    const stream: Stream = {
      holder,
      done,
      currentHolder,
      deliver(event) {
        if (ended) return;
        if (backlog >= MAX_BACKLOG) stream.end("restart");
        else send(sse("change", presentChange(event)));
      },
      end(reason) {
        // The client went away: nothing more will be written, even if an `end` still waits.
        if (!reason) settle();
        if (ended) return;
        ended = true;
        stopHeartbeat();
        const mine = byAccount.get(holder.id);
        mine?.delete(stream);
        if (mine?.size === 0) byAccount.delete(holder.id);
        if (!reason) return;
        send(sse("end", { reason }, retryMs(reason)));
        void writing.then(settle);
      },
    };

    const stopHeartbeat = schedule(() => {
      if (now() >= expiresAt.getTime()) stream.end("signed_out");
      else if (backlog === 0) send(": heartbeat\n\n");
    }, heartbeatMs);

    // Reconnect quickly after a dropped connection; the browser's EventSource does the rest.
    send(sse("ready", {}, 1000));
    if (options.shutdown?.aborted) {
      stream.end("restart");
      return stream;
    }
    const mine = byAccount.get(holder.id) ?? new Set<Stream>();
    byAccount.set(holder.id, mine);
    mine.add(stream);
    if (mine.size > maxPerAccount) mine.values().next().value?.end("replaced");
    return stream;
  }

  /** After a change to the holder's account or sessions: is the stream's session still there? */
  async function recheck(stream: Stream, event: ChangeEvent) {
    const current = await stream.currentHolder().catch(() => undefined);
    // The check itself failed: reconnecting checks the session afresh.
    if (current === undefined) return stream.end("restart");
    if (current === null) return stream.end("signed_out");
    // A new role hears different changes: the new stream is filtered by it.
    if (current.role !== stream.holder.role) return stream.end("restart");
    if (event.entity === "user") stream.deliver(event);
  }

  function deliver(event: ChangeEvent) {
    const concernsHolder = event.entity === "user" || event.entity === "session";
    for (const [accountId, streams] of byAccount) {
      for (const stream of streams) {
        if (concernsHolder && accountId === event.id) void recheck(stream, event);
        else if (canHear(stream.holder, event)) stream.deliver(event);
      }
    }
  }

  const unsubscribe = options.channel.subscribe(deliver);
  const endAll = (reason: LiveEndReason) => {
    for (const streams of [...byAccount.values()])
      for (const stream of [...streams]) stream.end(reason);
  };
  options.shutdown?.addEventListener("abort", () => endAll("restart"), { once: true });

  return {
    open,
    /** Open streams of one account on this instance. */
    streamsOf(accountId: string): number {
      return byAccount.get(accountId)?.size ?? 0;
    },
    /** Ends every stream and stops listening (tests; the process uses `shutdown`). */
    close() {
      unsubscribe();
      endAll("restart");
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
