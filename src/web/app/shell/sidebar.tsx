import { Box, Divider, NavLink, Stack, Text, Tooltip, useDirection } from "@mantine/core";
import type { ReactElement, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, matchPath, useLocation } from "react-router";
import type { CommonCatalog } from "../../../shared/i18n/catalog";
import { useSignOut } from "../../auth/session-actions";
import { SavedViewIcon, SignOutIcon } from "../../ui/icons";
import { usePinnedViews } from "../../views/view-queries";

export interface NavItem {
  /** The item's name: a catalog key of common's `nav.*`. */
  label: Extract<keyof CommonCatalog, `nav.${string}`>;
  to: string;
  icon: ReactNode;
  /** Route patterns of other pages this item stands for, e.g. a task's page under a task list. */
  alsoActiveOn?: string[];
  /** A count beside the name (what waits for an answer), or over the icon when collapsed. */
  badge?: ReactNode;
}

function isActiveOn(item: NavItem, pathname: string): boolean {
  return (
    pathname === item.to ||
    (item.alsoActiveOn ?? []).some((pattern) => matchPath(pattern, pathname) !== null)
  );
}

interface SidebarProps {
  items: NavItem[];
  isCollapsed: boolean;
  onNavigate?: () => void;
}

/**
 * Collapsed to icons, a link keeps its name for assistive technology and shows it on hover,
 * beside the sidebar: to its right, or to its left when the page reads right to left.
 */
function CollapsibleLabel({
  label,
  isCollapsed,
  children,
}: {
  label: string;
  isCollapsed: boolean;
  children: ReactElement;
}) {
  const { dir } = useDirection();
  return (
    <Tooltip label={label} position={dir === "rtl" ? "left" : "right"} disabled={!isCollapsed}>
      {children}
    </Tooltip>
  );
}

/** The person's pinned saved views, under the pages: each opens its list with its filters. */
function PinnedViewLinks({ isCollapsed, onNavigate }: Omit<SidebarProps, "items">) {
  const { pathname, search } = useLocation();
  const { t } = useTranslation("views");
  const pinned = usePinnedViews();
  if (!pinned.data?.length) return null;
  const heading = t("sidebar.heading");
  return (
    <Stack gap={2} component="section" aria-label={heading}>
      {isCollapsed ? (
        <Divider my={4} />
      ) : (
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4} aria-hidden>
          {heading}
        </Text>
      )}
      {pinned.data.map((view) => (
        <CollapsibleLabel key={view.id} label={view.name} isCollapsed={isCollapsed}>
          <NavLink
            component={Link}
            to={view.href}
            label={isCollapsed ? undefined : view.name}
            aria-label={isCollapsed ? view.name : undefined}
            leftSection={<SavedViewIcon />}
            active={`${pathname}${search}` === view.href}
            onClick={onNavigate}
          />
        </CollapsibleLabel>
      ))}
    </Stack>
  );
}

export function Sidebar({ items, isCollapsed, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const { t } = useTranslation();
  const signOutLabel = t("action.signOut");

  return (
    <Stack gap={2} p={isCollapsed ? 4 : "xs"}>
      {items.map((item) => {
        const isActive = isActiveOn(item, pathname);
        const label = t(item.label);
        return (
          <CollapsibleLabel key={item.to} label={label} isCollapsed={isCollapsed}>
            <NavLink
              component={Link}
              to={item.to}
              label={isCollapsed ? undefined : label}
              aria-label={isCollapsed ? label : undefined}
              leftSection={
                isCollapsed && item.badge ? (
                  <Box pos="relative" display="inline-flex">
                    {item.icon}
                    <Box pos="absolute" top={-8} style={{ insetInlineEnd: -12 }}>
                      {item.badge}
                    </Box>
                  </Box>
                ) : (
                  item.icon
                )
              }
              rightSection={isCollapsed ? undefined : item.badge}
              active={isActive}
              aria-current={isActive ? "page" : undefined}
              onClick={onNavigate}
            />
          </CollapsibleLabel>
        );
      })}
      <PinnedViewLinks isCollapsed={isCollapsed} onNavigate={onNavigate} />
      <Divider my={4} />
      <CollapsibleLabel label={signOutLabel} isCollapsed={isCollapsed}>
        <NavLink
          component="button"
          type="button"
          label={isCollapsed ? undefined : signOutLabel}
          aria-label={isCollapsed ? signOutLabel : undefined}
          leftSection={<SignOutIcon />}
          onClick={() => void signOut()}
        />
      </CollapsibleLabel>
    </Stack>
  );
}
