import { z } from "zod";

/** SPEC.md section 9. */
export const VENUES = [
  "HED Committee Room",
  "Secretary Board Room",
  "CM Secretariat",
  "P&D Committee Room",
  "CS Office",
  "ACS Home",
  "Cabinet Room",
] as const;
export const venueSchema = z.enum(VENUES);

export const ENGAGEMENT_STATUSES = [
  "Held",
  "Scheduled",
  "Postponed",
  "Tentative",
  "Cancelled",
] as const;
/** Values written by the original app; still stored and displayed. */
export const LEGACY_ENGAGEMENT_STATUSES = [
  "meeting held",
  "meeting postponed",
  "meeting scheduled",
] as const;
export const engagementStatusSchema = z.enum(ENGAGEMENT_STATUSES);
export type EngagementStatus = z.infer<typeof engagementStatusSchema>;
