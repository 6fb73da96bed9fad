import { DetailedError } from "hono/client";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

let createQueryClient: typeof import("./query-client").createQueryClient;
let ME_QUERY_KEY: typeof import("../auth/session").ME_QUERY_KEY;

beforeAll(async () => {
  // The API client reads window.location when imported; node has no window. Taken back after,
  // since the test files of a worker share their globals (vite.config.ts: isolate).
  vi.stubGlobal("window", { location: { origin: "http://localhost" } });
  ({ createQueryClient } = await import("./query-client"));
  ({ ME_QUERY_KEY } = await import("../auth/session"));
});
afterAll(() => {
  vi.unstubAllGlobals();
});

function failingWith(statusCode: number) {
  return () => Promise.reject(new DetailedError(`${statusCode}`, { statusCode }));
}

const signedInUser = {
  id: "1",
  userId: "admin",
  email: null,
  displayName: "Administrator",
  role: "admin" as const,
};

describe("createQueryClient", () => {
  test("a 401 from any query marks the session as signed out", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(ME_QUERY_KEY, signedInUser);
    await queryClient
      .fetchQuery({ queryKey: ["tasks"], queryFn: failingWith(401) })
      .catch(() => {});
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
  });

  test("other failures leave the session alone and client errors are not retried", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(ME_QUERY_KEY, signedInUser);
    const queryFn = vi.fn(failingWith(403));
    await queryClient.fetchQuery({ queryKey: ["tasks"], queryFn }).catch(() => {});
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(signedInUser);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
