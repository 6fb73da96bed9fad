import { AppShell, Container } from "@mantine/core";
import { Outlet } from "react-router";
import { AppHeader, HEADER_HEIGHT } from "./app-header";

/** Signed-in pages that sit outside the role layouts: header, no sidebar. */
export function PageShell() {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
