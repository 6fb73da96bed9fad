import { SAVED_VIEW_MESSAGES, type SavedViewList } from "../../shared/views";
import { AppError } from "../http/errors";
import { type Actor, viewPolicy } from "./policy";

const listForbidden = () => new AppError("FORBIDDEN", SAVED_VIEW_MESSAGES.listForbidden);
export const shareForbidden = () => new AppError("FORBIDDEN", SAVED_VIEW_MESSAGES.shareForbidden);
export const notFound = () => new AppError("NOT_FOUND", SAVED_VIEW_MESSAGES.notFound);
export const duplicateName = () => new AppError("CONFLICT", SAVED_VIEW_MESSAGES.duplicateName);

export function assertMayOpen(actor: Actor, list: SavedViewList) {
  if (!viewPolicy.canOpenList(actor, list)) throw listForbidden();
}
