import { z } from "zod/mini";

/** A list's query fields, each one falling back to its default when its value does not parse. */
export type WithFallbacks<Shape extends z.core.$ZodShape> = z.ZodMiniObject<{
  [Key in keyof Shape]: z.ZodMiniCatch<Shape[Key]>;
}>;

/**
 * A list query's schema for the address bar: a hand-edited or outdated link falls back field
 * by field (a bad `page` does not throw away a good `status`). A field's default is what it
 * makes of a missing value, so every field must accept one (be optional or have a default).
 */
export function withFallbacks<Shape extends z.core.$ZodShape>(
  schema: z.ZodMiniObject<Shape>,
): WithFallbacks<Shape> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      z.catch(field, z.parse(field, undefined)),
    ]),
  );
  return z.object(shape) as WithFallbacks<Shape>;
}
