import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title";

describe("page titles", () => {
  it("name the deepest page and the app", () => {
    expect(pageTitle([undefined, { title: "Admin" }, { title: "Manage Tasks" }], "admin")).toBe(
      "Manage Tasks · Task Manager",
    );
  });

  it("follow the role where the heading does", () => {
    const tasks = {
      title: (role: string | undefined) => (role === "user" ? "My Tasks" : "All Tasks"),
    };
    expect(pageTitle([tasks], "user")).toBe("My Tasks · Task Manager");
    expect(pageTitle([tasks], "organization_head")).toBe("All Tasks · Task Manager");
  });

  it("are the app's name alone where no route names a page", () => {
    expect(pageTitle([undefined, null, {}], undefined)).toBe("Task Manager");
  });
});
