import { Badge, Button, Menu } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { message } from "../../shared/i18n/message";
import {
  type SavedView,
  type SavedViewList,
  savedViewPath,
  type ViewFormInput,
  viewQueryOf,
} from "../../shared/views";
import { useSignedInUser } from "../auth/session";
import { confirmAction } from "../ui/forms/confirm";
import { SavedViewIcon } from "../ui/icons";
import { useDialogTarget } from "../ui/list/use-dialog-target";
import { RenameViewDialog, ViewNameDialog } from "./view-name-dialog";
import { useCreateView, useDeleteView, usePinView, useUpdateView, useViews } from "./view-queries";

type ViewActions = {
  onOpen: (view: SavedView) => void;
  onRename: (view: SavedView) => void;
};

/** One saved view: a submenu of what the caller may do with it (the server's abilities). */
function ViewItem({ view, onOpen, onRename }: ViewActions & { view: SavedView }) {
  const { t } = useTranslation("views");
  const update = useUpdateView();
  const remove = useDeleteView();
  const pin = usePinView();

  async function handleDelete() {
    const isSure = await confirmAction({
      title: "views:confirm.deleteTitle",
      message: message("views:confirm.deleteMessage", { name: view.name }),
      confirmLabel: "common:action.delete",
      isDestructive: true,
    });
    if (isSure) await remove.attempt(view.id);
  }

  return (
    <Menu.Sub>
      <Menu.Sub.Target>
        <Menu.Sub.Item
          rightSection={
            view.shared && (
              <Badge size="xs" variant="light">
                {t("menu.shared")}
              </Badge>
            )
          }
        >
          {view.name}
        </Menu.Sub.Item>
      </Menu.Sub.Target>
      <Menu.Sub.Dropdown>
        {!view.mine && <Menu.Label>{t("menu.sharedBy", { name: view.ownerName })}</Menu.Label>}
        <Menu.Item onClick={() => onOpen(view)}>{t("menu.open")}</Menu.Item>
        {view.can.pin && (
          <Menu.Item onClick={() => void pin.attempt({ id: view.id, pinned: !view.pinned })}>
            {view.pinned ? t("menu.unpin") : t("menu.pin")}
          </Menu.Item>
        )}
        {view.can.rename && (
          <Menu.Item onClick={() => onRename(view)}>{t("menu.rename")}</Menu.Item>
        )}
        {view.can.share && (
          <Menu.Item
            onClick={() =>
              void update.attempt({ id: view.id, shared: !view.shared, version: view.version })
            }
          >
            {view.shared ? t("menu.unshare") : t("menu.share")}
          </Menu.Item>
        )}
        {view.can.delete && (
          <Menu.Item color="red" onClick={() => void handleDelete()}>
            {t("menu.delete")}
          </Menu.Item>
        )}
      </Menu.Sub.Dropdown>
    </Menu.Sub>
  );
}

/** The Views menu of one list, on that list's page. */
function ListViewsMenu({ list }: { list: SavedViewList }) {
  const { t } = useTranslation("views");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const views = useViews(list);
  const create = useCreateView();
  const [isSaving, saving] = useDisclosure(false);
  const renaming = useDialogTarget<SavedView>();
  const canShare = views.data?.canShare ?? false;

  const handleOpen = (view: SavedView) =>
    navigate(view.query ? `${pathname}?${view.query}` : pathname);
  // The address as it is now, not as this render saw it: React Router renders a filter change
  // as a transition, and on a busy machine the menu was clicked before that render landed,
  // saving the filters from before the change.
  const handleSave = (values: ViewFormInput) =>
    create.attempt({ ...values, list, query: viewQueryOf(window.location.search) });

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={260}>
        <Menu.Target>
          <Button variant="default" leftSection={<SavedViewIcon />}>
            {t("menu.label")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {views.data?.views.length === 0 && <Menu.Label>{t("menu.empty")}</Menu.Label>}
          {views.data?.views.map((view) => (
            <ViewItem key={view.id} view={view} onOpen={handleOpen} onRename={renaming.open} />
          ))}
          <Menu.Divider />
          <Menu.Item onClick={saving.open}>{t("menu.save")}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ViewNameDialog
        title={t("dialog.saveTitle")}
        submitLabel={t("dialog.save")}
        opened={isSaving}
        onClose={saving.close}
        initialValues={{ name: "", shared: false }}
        canShare={canShare}
        onSubmit={handleSave}
      />
      <RenameViewDialog view={renaming.target} opened={renaming.isOpen} onClose={renaming.close} />
    </>
  );
}

/**
 * The saved views of the list on screen: `lists` names the lists a filter bar may stand for
 * (the task filters are Manage Tasks' and the head's task list); the one whose page, for the
 * signed-in role, is this address is the one shown. Elsewhere (a dashboard showing the same
 * filters) there is no menu, since a view opens its own list's page.
 */
export function ViewsMenu({ lists }: { lists: SavedViewList | readonly SavedViewList[] }) {
  const { role } = useSignedInUser();
  const { pathname } = useLocation();
  const list = ([] as SavedViewList[])
    .concat(lists)
    .find((candidate) => savedViewPath(candidate, role) === pathname);
  return list ? <ListViewsMenu list={list} /> : null;
}
