import { Divider, NavLink, Stack, Tooltip } from "@mantine/core";
import type { ReactElement, ReactNode } from "react";
import { Link, matchPath, useLocation } from "react-router";
import { useSignOut } from "../../auth/session-actions";
import { SignOutIcon } from "../../ui/icons";

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Route patterns of other pages this item stands for, e.g. a task's page under a task list. */
  alsoActiveOn?: string[];
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

/** Collapsed to icons, a link keeps its name for assistive technology and shows it on hover. */
function CollapsibleLabel({
  label,
  isCollapsed,
  children,
}: {
  label: string;
  isCollapsed: boolean;
  children: ReactElement;
}) {
  return (
    <Tooltip label={label} position="right" disabled={!isCollapsed}>
      {children}
    </Tooltip>
  );
}

export function Sidebar({ items, isCollapsed, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const signOut = useSignOut();

  return (
    <Stack gap={2} p={isCollapsed ? 4 : "xs"}>
      {items.map((item) => {
        const isActive = isActiveOn(item, pathname);
        return (
          <CollapsibleLabel key={item.to} label={item.label} isCollapsed={isCollapsed}>
            <NavLink
              component={Link}
              to={item.to}
              label={isCollapsed ? undefined : item.label}
              aria-label={isCollapsed ? item.label : undefined}
              leftSection={item.icon}
              active={isActive}
              aria-current={isActive ? "page" : undefined}
              onClick={onNavigate}
            />
          </CollapsibleLabel>
        );
      })}
      <Divider my={4} />
      <CollapsibleLabel label="Sign Out" isCollapsed={isCollapsed}>
        <NavLink
          component="button"
          type="button"
          label={isCollapsed ? undefined : "Sign Out"}
          aria-label={isCollapsed ? "Sign Out" : undefined}
          leftSection={<SignOutIcon />}
          onClick={() => void signOut()}
        />
      </CollapsibleLabel>
    </Stack>
  );
}
