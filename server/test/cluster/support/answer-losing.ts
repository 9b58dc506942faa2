import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

export interface AnswerLosing {
  /** host:port, for haproxy's server line. */
  address: string;
  /** The Idempotency-Key of each POST whose answer was lost, in order. */
  keys: string[];
  close(): Promise<void>;
}

/**
 * A command service that dies just after doing the work, as its load balancer sees it: each request goes
 * on to the real service at `target`; a POST's connection is then closed without its answer, once the
 * service has answered (so the work is done and recorded), and any other request is answered as it was.
 */
export async function answerLosing(target: string): Promise<AnswerLosing> {
  const keys: string[] = [];
  const server = createServer((req, res) => {
    const upstream = request(new URL(req.url!, target), { method: req.method, headers: req.headers }, (answer) => {
      if (req.method !== "POST") {
        res.writeHead(answer.statusCode!, answer.headers);
        return void answer.pipe(res);
      }
      answer.resume().once("end", () => {
        keys.push(String(req.headers["idempotency-key"]));
        req.socket.destroy();
      });
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    keys,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
