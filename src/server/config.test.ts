import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig", () => {
  it("fills in the documented defaults", () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      dataDir: "./data",
      databaseUrl: undefined,
      appUrl: "http://localhost:3000",
      timezone: "Asia/Karachi",
      signUpEnabled: true,
      smtpUrl: undefined,
    });
  });

  it("derives APP_URL from PORT and trims a trailing slash from a given one", () => {
    expect(loadConfig({ PORT: "4000" }).appUrl).toBe("http://localhost:4000");
    expect(loadConfig({ APP_URL: "https://tasks.hed.example/" }).appUrl).toBe(
      "https://tasks.hed.example",
    );
  });

  it("runs one worker per core on PostgreSQL and one on the embedded database", () => {
    const postgres = { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/hed" };
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig(postgres).workers).toBe(availableParallelism());
    expect(loadConfig({ ...postgres, WORKERS: "3" }).workers).toBe(3);
    expect(loadConfig({ WORKERS: "1" }).workers).toBe(1);
    expect(() => loadConfig({ WORKERS: "2" })).toThrow(/^Invalid WORKERS: .*DATABASE_URL/);
    expect(() => loadConfig({ ...postgres, WORKERS: "0" })).toThrow(/^Invalid WORKERS/);
    expect(() => loadConfig({ ...postgres, WORKERS: "two" })).toThrow(/^Invalid WORKERS/);
  });

  it("reads SIGNUP_ENABLED=false", () => {
    expect(loadConfig({ SIGNUP_ENABLED: "false" }).signUpEnabled).toBe(false);
  });

  it("reads SIGNUP_ENABLED=approval as open sign-up waiting for approval", () => {
    expect(loadConfig({ SIGNUP_ENABLED: "approval" })).toMatchObject({
      signUpEnabled: true,
      signUpApproval: true,
    });
    expect(loadConfig({})).toMatchObject({ signUpEnabled: true, signUpApproval: false });
  });

  it("reads TRUSTED_ORIGINS as a list of origins", () => {
    expect(
      loadConfig({ TRUSTED_ORIGINS: " http://10.0.0.5:3000/ , https://tasks.hed.example" })
        .trustedOrigins,
    ).toEqual(["http://10.0.0.5:3000", "https://tasks.hed.example"]);
    expect(loadConfig({}).trustedOrigins).toEqual([]);
  });

  it("reads STORAGE_URL as a bucket, an optional prefix and the store's address", () => {
    expect(loadConfig({ DATA_DIR: "/srv/hed" }).storage).toEqual({
      kind: "local",
      dir: "/srv/hed/files",
    });
    const config = loadConfig({
      STORAGE_URL: "s3://hed-files/uploads?endpoint=http://minio:9000&forcePathStyle=true",
      S3_ACCESS_KEY_ID: "hed",
      S3_SECRET_ACCESS_KEY: "secret-key",
    });
    expect(config.storage).toEqual({
      kind: "s3",
      bucket: "hed-files",
      prefix: "uploads/",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      forcePathStyle: true,
    });
    expect(config.s3Credentials).toEqual({ accessKeyId: "hed", secretAccessKey: "secret-key" });
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", SMTP_URL: " " })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid PORT: /],
    [{ APP_TIMEZONE: "Mars/Olympus" }, /^Invalid APP_TIMEZONE: must be an IANA time zone/],
    [
      { DATABASE_URL: "mysql://localhost/db" },
      /^Invalid DATABASE_URL: must be a postgres:\/\/ URL/,
    ],
    [{ SMTP_URL: "http://mail" }, /^Invalid SMTP_URL: /],
    [{ SIGNUP_ENABLED: "maybe" }, /^Invalid SIGNUP_ENABLED: must be true, false or approval/],
    [{ TRUSTED_ORIGINS: "ftp://files.example" }, /^Invalid TRUSTED_ORIGINS: /],
    [{ PASSWORD_MIN_LENGTH: "4" }, /^Invalid PASSWORD_MIN_LENGTH: must be at least 6/],
    [{ BACKUP_SCHEDULE: "every night" }, /^Invalid BACKUP_SCHEDULE: must be a cron pattern/],
    [{ BACKUP_KEEP: "0" }, /^Invalid BACKUP_KEEP: /],
    [{ ADMIN_PASSWORD: "short" }, /^Invalid ADMIN_PASSWORD: /],
    [{ AUTH_SECRET: "too-short" }, /^Invalid AUTH_SECRET: /],
    [{ STORAGE_URL: "/srv/files" }, /^Invalid STORAGE_URL: must be an s3:\/\/bucket URL/],
    [{ STORAGE_URL: "s3://Bad_Bucket" }, /^Invalid STORAGE_URL: "Bad_Bucket" is not a bucket name/],
    [{ STORAGE_URL: "s3://hed-files?endpint=x" }, /^Invalid STORAGE_URL: unknown option "endpint"/],
    [
      { STORAGE_URL: "s3://hed-files?endpoint=minio:9000" },
      /^Invalid STORAGE_URL: endpoint must be/,
    ],
    [
      { S3_ACCESS_KEY_ID: "hed" },
      /^Invalid S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and it go together/,
    ],
  ])("stops with one line naming the variable for %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).not.toContain("\n");
    }
  });
});
