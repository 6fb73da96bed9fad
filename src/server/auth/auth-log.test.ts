import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { authLogBridge, redactAuthText } from "./auth-log";

describe("the auth library's log bridge", () => {
  it("removes links and secret-looking values from text", () => {
    expect(
      redactAuthText(
        "sent http://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=%2F to x",
      ),
    ).toBe("sent [link removed] to x");
    expect(redactAuthText('failed: {"token":"s3cr3t","password": "hunter22"}')).toBe(
      'failed: {"token":"[removed]","password": "[removed]"}',
    );
    expect(redactAuthText("User not found")).toBe("User not found");
  });

  it("writes neither the message's nor the arguments' links and tokens", () => {
    const lines: string[] = [];
    const logger = pino(
      { level: "debug" },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const bridge = authLogBridge(logger);
    bridge.log(
      "error",
      "Failed to send https://app.example/api/auth/reset-password/tok123?callbackURL=/auth",
      new Error("smtp refused token=tok123"),
      { url: "https://app.example/verify-email?token=tok456", token: "tok456" },
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/tok123|tok456|https?:/);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 50,
      msg: "auth: Failed to send [link removed]",
    });
  });
});
