import { Badge } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A state in its colour (ARCHITECTURE.md): a light tint with the colour's darkest shade,
 * darkened a little more, as text, since Mantine's own green and orange text on white stay
 * below 4.5:1. It keeps its full width: a narrow table column must not cut the label short.
 */
export function TintedBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge
      color={color}
      variant="light"
      tt="none"
      radius="sm"
      miw="max-content"
      style={{ color: `color-mix(in srgb, var(--mantine-color-${color}-9) 75%, black)` }}
    >
      {children}
    </Badge>
  );
}
