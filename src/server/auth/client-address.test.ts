import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { addressKey, clientAddress, NO_SOCKET_ADDRESS } from "./client-address";

describe("addressKey", () => {
  test("keeps IPv4 addresses, also when IPv4-mapped", () => {
    expect(addressKey("192.0.2.10")).toBe("192.0.2.10");
    expect(addressKey("::ffff:192.0.2.10")).toBe("192.0.2.10");
  });

  test("keys IPv6 addresses by their /64 network, however they are written", () => {
    expect(addressKey("2001:db8:a:b:1:2:3:4")).toBe("2001:0db8:000a:000b::/64");
    expect(addressKey("2001:DB8:A:B::99")).toBe("2001:0db8:000a:000b::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:0db8:0000:0000::/64");
    expect(addressKey("::1")).toBe("0000:0000:0000:0000::/64");
  });
});

describe("clientAddress", () => {
  async function addressOf(headers: Record<string, string>, trustProxy: boolean) {
    const app = new Hono().get("/", (c) => c.text(clientAddress(c, trustProxy)));
    const res = await app.request("/", { headers });
    return res.text();
  }

  test("takes the last X-Forwarded-For entry only behind a trusted proxy", async () => {
    const headers = { "X-Forwarded-For": "10.9.9.9, 198.51.100.4" };
    expect(await addressOf(headers, true)).toBe("198.51.100.4");
    expect(await addressOf(headers, false)).toBe(NO_SOCKET_ADDRESS);
  });

  test("ignores a forwarded entry that is not an address", async () => {
    expect(await addressOf({ "X-Forwarded-For": "198.51.100.4, unknown" }, true)).toBe(
      NO_SOCKET_ADDRESS,
    );
  });
});
