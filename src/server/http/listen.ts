import type { Server } from "node:http";

export class ListenError extends Error {}

/** Why the port could not be opened, in one line that says what to do. */
function explain(err: NodeJS.ErrnoException, port: number, host: string): string | undefined {
  switch (err.code) {
    case "EADDRINUSE":
      return `Port ${port} is already in use; stop the other program or set PORT`;
    case "EACCES":
      return `Port ${port} needs more privileges than this process has; set PORT to 1024 or above`;
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
      return `HOST ${host} is not an address of this machine; set HOST (0.0.0.0 listens on all)`;
    default:
      return undefined;
  }
}

/** Opens the port; a failure the operator can fix becomes a ListenError with one clear line. */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      const message = explain(err, port, host);
      reject(message ? new ListenError(message) : err);
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}
