import { Icon } from "../ui/icons";

/** A tray with a file coming into it: what is with me. */
export function WithMeIcon() {
  return (
    <Icon>
      <path d="M4 13l2.5-7h11l2.5 7v6H4z" />
      <path d="M4 13h5l1 2h4l1-2h5" />
      <path d="M12 3v7M9.5 7.5L12 10l2.5-2.5" />
    </Icon>
  );
}

/** A file sent on with an arrow: what I marked to others. */
export function MarkedByMeIcon() {
  return (
    <Icon>
      <path d="M6 3h8l4 4v14H6z" />
      <path d="M14 3v4h4" />
      <path d="M9 14h6M12.5 11.5L15 14l-2.5 2.5" />
    </Icon>
  );
}
