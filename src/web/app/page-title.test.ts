import { describe, expect, it } from "vitest";
import { fullI18n as i18n } from "../../shared/i18n/server-instance";
import type { Role } from "../../shared/roles";
import { type PageHandle, pageTitle, type TitleTranslator } from "./page-title";

const english = i18n.getFixedT("en") as TitleTranslator;
const urdu = i18n.getFixedT("ur") as TitleTranslator;

describe("page titles", () => {
  it("name the deepest page and the app", () => {
    const handles = [undefined, { title: "page.adminDashboard" }, { title: "page.manageTasks" }];
    expect(pageTitle(handles, "admin", english)).toBe("Manage Tasks · Task Manager");
  });

  it("follow the role where the heading does", () => {
    const tasks: PageHandle = {
      title: (role: Role | undefined) => (role === "user" ? "page.myTasks" : "page.allTasks"),
    };
    expect(pageTitle([tasks], "user", english)).toBe("My Tasks · Task Manager");
    expect(pageTitle([tasks], "organization_head", english)).toBe("All Tasks · Task Manager");
  });

  it("are the app's name alone where no route names a page", () => {
    expect(pageTitle([undefined, null, {}], undefined, english)).toBe("Task Manager");
  });

  it("are in the page's language", () => {
    expect(pageTitle([{ title: "page.manageTasks" }], "admin", urdu)).toBe(
      "کاموں کا انتظام · ٹاسک مینیجر",
    );
    expect(pageTitle([], undefined, urdu)).toBe("ٹاسک مینیجر");
  });
});
