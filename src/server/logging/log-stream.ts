import { write } from "node:fs";

/** Log bytes held while the reader is slower than the server; lines beyond are dropped. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;

/** What pino writes its lines to, and waits on in `logger.flush`. */
export type LogStream = {
  write(line: string): void;
  flush(done: () => void): void;
};

/**
 * Log lines written to a file descriptor in the background, never on the server's own thread.
 * pino's default stream (sonic-boom) does so too, but flushes at exit in a loop that retries a
 * broken pipe forever (its `flushSync` retries every error but EAGAIN): a server whose log
 * reader had gone never ended. Here a write that fails stops all further writes, a reader too
 * slow costs at most `maxPendingBytes` of memory (the lines beyond are dropped, and a line says
 * how many once writing catches up), and `flush` waits for what is pending, never longer than
 * its caller allows (logger.ts, `exitAfterLog`).
 */
export function createLogStream(fd = 1, maxPendingBytes = MAX_PENDING_BYTES): LogStream {
  let pending: string[] = [];
  let pendingBytes = 0;
  let dropped = 0;
  let writing = false;
  let broken = false;
  let waiting: (() => void)[] = [];

  const settle = () => {
    const done = waiting;
    waiting = [];
    for (const callback of done) callback();
  };

  function writeOut(chunk: Buffer) {
    write(fd, chunk, (err, written) => {
      if (err?.code === "EAGAIN") {
        setTimeout(() => writeOut(chunk), 10);
        return;
      }
      if (err) {
        broken = true;
        pending = [];
        pendingBytes = 0;
        writing = false;
        settle();
        return;
      }
      if (written < chunk.length) {
        writeOut(chunk.subarray(written));
        return;
      }
      writing = false;
      pump();
    });
  }

  function pump() {
    if (writing || broken) return;
    if (pending.length === 0) {
      settle();
      return;
    }
    if (dropped > 0) {
      pending.unshift(
        `${JSON.stringify({ level: 40, time: Date.now(), dropped, msg: "log lines dropped: the log's reader fell behind" })}\n`,
      );
      dropped = 0;
    }
    const chunk = Buffer.from(pending.join(""));
    pending = [];
    pendingBytes = 0;
    writing = true;
    writeOut(chunk);
  }

  return {
    write(line) {
      if (broken) return;
      const bytes = Buffer.byteLength(line);
      if (pendingBytes + bytes > maxPendingBytes) {
        dropped += 1;
        return;
      }
      pending.push(line);
      pendingBytes += bytes;
      pump();
    },
    flush(done) {
      if (broken || (!writing && pending.length === 0)) {
        done();
        return;
      }
      waiting.push(done);
    },
  };
}
