import {
  ActionIcon,
  AppShell,
  Box,
  Drawer,
  Group,
  ScrollArea,
  useMantineTheme,
} from "@mantine/core";
import { useDisclosure, useHotkeys, useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { MenuIcon } from "../../ui/icons";
import { SkipLink, skipLinkTarget } from "../../ui/skip-link";
import { AppHeader, HEADER_HEIGHT } from "./app-header";
import { type NavItem, Sidebar } from "./sidebar";
import { useSidebarExpanded } from "./sidebar-state";

const EXPANDED_WIDTH = "16rem";
const COLLAPSED_WIDTH = "3rem";
const DRAWER_WIDTH = "18rem";

/**
 * A role layout: header, sidebar, page. From the `sm` breakpoint (768px) the sidebar is
 * fixed and collapses to icons; below it, it opens as a drawer. Both sit at the page's start:
 * on the left, or on the right when it reads right to left (Mantine's AppShell and Drawer
 * follow the DirectionProvider's direction).
 */
export function SidebarLayout({ items }: { items: NavItem[] }) {
  const theme = useMantineTheme();
  const isDesktop = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`);
  const [isExpanded, toggleExpanded] = useSidebarExpanded();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const { t } = useTranslation();

  function handleToggleSidebar() {
    if (isDesktop) toggleExpanded();
    else drawer.toggle();
  }

  useHotkeys([["mod+B", handleToggleSidebar]]);

  const sidebarToggle = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t("sidebar.toggle")}
      aria-expanded={isDesktop ? isExpanded : isDrawerOpen}
      onClick={handleToggleSidebar}
    >
      <MenuIcon />
    </ActionIcon>
  );

  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{
          width: isExpanded ? EXPANDED_WIDTH : COLLAPSED_WIDTH,
          breakpoint: "sm",
          collapsed: { mobile: true },
        }}
        padding="md"
      >
        <AppShell.Header>
          <AppHeader sidebarToggle={sidebarToggle} />
        </AppShell.Header>
        <AppShell.Navbar
          visibleFrom="sm"
          aria-label={t("sidebar.label")}
          data-collapsed={String(!isExpanded)}
        >
          {/* Pinned views can outgrow a short screen: the sidebar scrolls rather than hiding them. */}
          <AppShell.Section grow component={ScrollArea}>
            <Sidebar items={items} isCollapsed={!isExpanded} />
          </AppShell.Section>
        </AppShell.Navbar>
        {/* "left" is the start side: in right-to-left pages Mantine opens it from the right. */}
        <Drawer.Root
          opened={isDrawerOpen && !isDesktop}
          onClose={drawer.close}
          size={DRAWER_WIDTH}
          position="left"
        >
          <Drawer.Overlay />
          <Drawer.Content>
            {/* A div rather than Drawer.Header's <header>: the page keeps a single banner landmark. */}
            <Group justify="space-between" p="md">
              <Drawer.Title>{t("sidebar.menu")}</Drawer.Title>
              <Drawer.CloseButton aria-label={t("sidebar.closeMenu")} />
            </Group>
            <Box component="nav" aria-label={t("sidebar.label")}>
              <Sidebar items={items} isCollapsed={false} onNavigate={drawer.close} />
            </Box>
          </Drawer.Content>
        </Drawer.Root>
        <AppShell.Main {...skipLinkTarget}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  );
}
