// Every catalog, imported at once: for the server and tests. The web app loads catalogs one
// namespace at a time (src/web/app/i18n.ts) and must not import this module.

import type { Namespace } from "./catalog";
import enAudit from "./catalogs/en/audit";
import enAuth from "./catalogs/en/auth";
import enBrief from "./catalogs/en/brief";
import enCommon from "./catalogs/en/common";
import enDak from "./catalogs/en/dak";
import enDashboard from "./catalogs/en/dashboard";
import enDecisions from "./catalogs/en/decisions";
import enEngagements from "./catalogs/en/engagements";
import enExports from "./catalogs/en/exports";
import enMail from "./catalogs/en/mail";
import enMarkings from "./catalogs/en/markings";
import enNotesheet from "./catalogs/en/notesheet";
import enNotifications from "./catalogs/en/notifications";
import enOffice from "./catalogs/en/office";
import enPendency from "./catalogs/en/pendency";
import enReports from "./catalogs/en/reports";
import enTasks from "./catalogs/en/tasks";
import enUsers from "./catalogs/en/users";
import enViews from "./catalogs/en/views";
import urAudit from "./catalogs/ur/audit";
import urAuth from "./catalogs/ur/auth";
import urBrief from "./catalogs/ur/brief";
import urCommon from "./catalogs/ur/common";
import urDak from "./catalogs/ur/dak";
import urDashboard from "./catalogs/ur/dashboard";
import urDecisions from "./catalogs/ur/decisions";
import urEngagements from "./catalogs/ur/engagements";
import urExports from "./catalogs/ur/exports";
import urMail from "./catalogs/ur/mail";
import urMarkings from "./catalogs/ur/markings";
import urNotesheet from "./catalogs/ur/notesheet";
import urNotifications from "./catalogs/ur/notifications";
import urOffice from "./catalogs/ur/office";
import urPendency from "./catalogs/ur/pendency";
import urReports from "./catalogs/ur/reports";
import urTasks from "./catalogs/ur/tasks";
import urUsers from "./catalogs/ur/users";
import urViews from "./catalogs/ur/views";
import type { Language } from "./languages";

export const english = {
  common: enCommon,
  auth: enAuth,
  tasks: enTasks,
  engagements: enEngagements,
  users: enUsers,
  reports: enReports,
  dashboard: enDashboard,
  mail: enMail,
  notifications: enNotifications,
  office: enOffice,
  audit: enAudit,
  decisions: enDecisions,
  exports: enExports,
  views: enViews,
  brief: enBrief,
  pendency: enPendency,
  dak: enDak,
  markings: enMarkings,
  notesheet: enNotesheet,
} satisfies Record<Namespace, object>;

export const resources = {
  en: english,
  ur: {
    common: urCommon,
    auth: urAuth,
    tasks: urTasks,
    engagements: urEngagements,
    users: urUsers,
    reports: urReports,
    dashboard: urDashboard,
    mail: urMail,
    notifications: urNotifications,
    office: urOffice,
    audit: urAudit,
    decisions: urDecisions,
    exports: urExports,
    views: urViews,
    brief: urBrief,
    pendency: urPendency,
    dak: urDak,
    markings: urMarkings,
    notesheet: urNotesheet,
  },
} satisfies Record<Language, Record<Namespace, object>>;
