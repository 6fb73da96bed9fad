/** Saved views: a list's filters under a name, pinned in the sidebar, shared by admins. */
export default {};
