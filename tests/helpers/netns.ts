import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { connect, createServer, type Socket } from "node:net";

/**
 * A machine of its own for a test: a Linux network namespace joined to this one by a veth
 * pair. Inside it, 127.0.0.1 is its own loopback; it reaches this side only at `hostAddress`,
 * and this side reaches it at `address`.
 */
export type TestHost = {
  /** The namespace, for `ip netns exec`. */
  name: string;
  /** The namespace's own address, where its servers listen. */
  address: string;
  /** This side's end of the link, the only address of ours the namespace can reach. */
  hostAddress: string;
  remove(): void;
};

const PREFIX = "hedtest";

function ip(...args: string[]): void {
  execFileSync("ip", args, { stdio: ["ignore", "ignore", "pipe"] });
}

/** Namespaces a test run left behind when it was killed (their owner's process is gone). */
function removeAbandoned(): void {
  const listed = execFileSync("ip", ["netns", "list"], { encoding: "utf8" });
  for (const line of listed.split("\n")) {
    const match = new RegExp(`^(${PREFIX}-(\\d+)-\\d+)`).exec(line);
    if (!match) continue;
    try {
      process.kill(Number(match[2]), 0);
    } catch {
      ip("netns", "del", match[1]);
    }
  }
}

/** Whether this machine lets a test make namespaces: root, with iproute2's `ip netns`. */
export function namespacesAllowed(): boolean {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return false;
  try {
    execFileSync("ip", ["netns", "list"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

let made = 0;

/** Makes a namespace with a /30 link to this one, on a subnet chosen per process. */
export function createTestHost(): TestHost {
  removeAbandoned();
  const index = made++;
  const name = `${PREFIX}-${process.pid}-${index}`;
  // Interface names are at most 15 characters.
  const outside = `ht${process.pid % 100_000}x${index}`;
  const inside = `ht${process.pid % 100_000}y${index}`;
  const subnet = `10.${200 + (process.pid % 50)}.${(process.pid >> 6) % 256}.${index * 4}`;
  const [a, b, c, d] = subnet.split(".").map(Number);
  const hostAddress = `${a}.${b}.${c}.${d + 1}`;
  const address = `${a}.${b}.${c}.${d + 2}`;
  ip("netns", "add", name);
  try {
    ip("link", "add", outside, "type", "veth", "peer", "name", inside);
    ip("link", "set", inside, "netns", name);
    ip("addr", "add", `${hostAddress}/30`, "dev", outside);
    ip("link", "set", outside, "up");
    ip("-n", name, "addr", "add", `${address}/30`, "dev", inside);
    ip("-n", name, "link", "set", inside, "up");
    ip("-n", name, "link", "set", "lo", "up");
  } catch (err) {
    ip("netns", "del", name);
    throw err;
  }
  return {
    name,
    address,
    hostAddress,
    // Deleting the namespace deletes its end of the veth pair, and with it this end.
    remove: () => ip("netns", "del", name),
  };
}

/**
 * Forwards TCP from `listenHost` (on a port of its choosing) to `target` on this side's
 * loopback: how a namespace reaches a service that listens on 127.0.0.1 only (this machine's
 * PostgreSQL). Returns the port and a close that drops every connection.
 */
export async function relay(
  listenHost: string,
  target: { host: string; port: number },
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((incoming) => {
    const outgoing = connect(target.port, target.host);
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        incoming.destroy();
        outgoing.destroy();
      });
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  server.listen(0, listenHost);
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("relay has no port");
  return {
    port: address.port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
