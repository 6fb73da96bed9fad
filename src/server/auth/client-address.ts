import { isIP } from "node:net";
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";

/** Requests without a socket (`app.request()` in tests) all count as this one address. */
export const NO_SOCKET_ADDRESS = "no-socket";

/**
 * An IPv6 client usually holds a whole /64, so counting single addresses would give it
 * billions of fresh ones: it is keyed by its /64 network.
 */
function ipv6Network(address: string): string {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [
          ...left,
          ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"),
          ...right,
        ];
  const network = groups.slice(0, 4).map((group) => group.toLowerCase().padStart(4, "0"));
  return `${network.join(":")}::/64`;
}

/** The throttle's key for an address: IPv4 as it is (also when IPv4-mapped), IPv6 by /64. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  return isIP(address) === 6 ? ipv6Network(address) : address;
}

/**
 * Who is asking: the peer of the socket or, behind a reverse proxy we trust (TRUST_PROXY),
 * the last X-Forwarded-For entry: the one our proxy added, which the client cannot forge.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded && isIP(forwarded)) return addressKey(forwarded);
  }
  const bindings = c.env as Partial<HttpBindings> | undefined;
  const peer = bindings?.incoming?.socket.remoteAddress;
  return peer ? addressKey(peer) : NO_SOCKET_ADDRESS;
}
