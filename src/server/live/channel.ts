import { EventEmitter } from "node:events";
import pg from "pg";
import type { Logger } from "pino";
import type { ChangeEvent } from "../events/bus";

/** Carries change events to every app instance (its live clients and its caches). */
export interface ChangeChannel {
  publish(event: ChangeEvent): Promise<void>;
  subscribe(listener: (event: ChangeEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = "hed_changes";

function fanOut() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    deliver: (event: ChangeEvent) => emitter.emit("event", event),
    subscribe(listener: (event: ChangeEvent) => void) {
      emitter.on("event", listener);
      return () => void emitter.off("event", listener);
    },
  };
}

/** One process (the embedded database): changes go straight to this process's clients. */
export function createInProcessChannel(): ChangeChannel {
  const local = fanOut();
  return {
    async publish(event) {
      local.deliver(event);
    },
    subscribe: local.subscribe,
    async close() {},
  };
}

/**
 * Several instances on one PostgreSQL server: NOTIFY on publish, and a dedicated LISTEN
 * connection per instance that reconnects by itself when the server goes away. Publishes go
 * out on that connection one at a time, in the order made (pg 8 only warns of a query sent
 * while another runs on a client; pg 9 refuses it).
 */
export function createPostgresChannel(url: string, logger: Logger): ChangeChannel {
  const local = fanOut();
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 250;
  let sending: Promise<unknown> = Promise.resolve();

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        local.deliver(JSON.parse(message.payload) as ChangeEvent);
      } catch (err) {
        logger.warn({ err }, "live: bad notification payload");
      }
    });
    next.on("error", (err) => {
      logger.warn({ err }, "live: LISTEN connection lost");
      if (client === next) client = undefined;
      void next.end().catch(() => {});
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
    retryMs = 250;
  }

  function scheduleReconnect() {
    if (closed) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, 10_000);
    setTimeout(() => {
      if (!closed && !client) connect().catch(scheduleReconnect);
    }, wait).unref();
  }

  const ready = connect().catch((err) => {
    logger.warn({ err }, "live: cannot LISTEN yet; retrying");
    scheduleReconnect();
  });

  return {
    publish(event) {
      const sent = sending.then(async () => {
        await ready;
        if (!client) throw new Error("live: not connected to PostgreSQL");
        await client.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify(event)]);
      });
      sending = sent.catch(() => {});
      return sent;
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await client?.end();
    },
  };
}
