/** A backup or restore that cannot go on; its message is the one line the operator sees. */
export class BackupError extends Error {}
