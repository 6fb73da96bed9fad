import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/notifications/styles.css";
import { DirectionProvider, MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { useTranslation } from "react-i18next";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createQueryClient } from "./app/query-client";
import { routes } from "./app/routes";
import { cssVariablesResolver, theme } from "./app/theme";
import { Toasts } from "./app/toasts";
import { currentUserQuery } from "./auth/session";
import { setUpI18n } from "./i18n/setup";
import { FullPageLoader } from "./ui/full-page-loader";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");

const queryClient = createQueryClient();
// Asked now, beside the page's code and words (the router has started loading them), rather
// than after they arrive: on a slow link every round trip in a row is a wait a person sees.
void queryClient.prefetchQuery(currentUserQuery);
const router = createBrowserRouter(routes);

await setUpI18n();

/**
 * Date pickers in the page's language: month and day names from dayjs's locale, which
 * applyLanguage loads before the language changes (Urdu's only when Urdu is shown).
 */
function LocalizedDates({ children }: { children: ReactNode }) {
  // Only the language is read here: nothing to wait for, so no Suspense above is needed.
  const { i18n } = useTranslation("common", { useSuspense: false });
  return <DatesProvider settings={{ locale: i18n.language }}>{children}</DatesProvider>;
}

createRoot(rootElement).render(
  <StrictMode>
    <DirectionProvider initialDirection={document.documentElement.dir === "rtl" ? "rtl" : "ltr"}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <LocalizedDates>
          <QueryClientProvider client={queryClient}>
            <Toasts />
            {/* A page whose words are still loading (its first visit in a language) waits here. */}
            <Suspense fallback={<FullPageLoader />}>
              <RouterProvider router={router} />
            </Suspense>
          </QueryClientProvider>
        </LocalizedDates>
      </MantineProvider>
    </DirectionProvider>
  </StrictMode>,
);
