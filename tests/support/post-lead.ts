import http from "node:http";
import { expect } from "vitest";

/** The server's answer to one enquiry: status, the stored id, and its Connection header. */
export type LeadAnswer = { status: number; id?: number; connection?: string };

/** A connection error, and whether it hit a kept-alive connection that had been answered on before. */
export class ConnectionError extends Error {
  constructor(
    readonly code: string,
    readonly reusedConnection: boolean,
  ) {
    super(`${code}${reusedConnection ? " on a kept-alive connection" : ""}`);
  }
}

/**
 * Posts one enquiry to `origin`'s /api/contact over `agent` (a kept-alive agent reuses its
 * connection, as a browser does). Rejects with a ConnectionError when the connection fails.
 */
export function postLead(agent: http.Agent, origin: string, body: object): Promise<LeadAnswer> {
  return new Promise<LeadAnswer>((resolve, reject) => {
    const req = http.request(
      `${origin}/api/contact`,
      { method: "POST", agent, headers: { "content-type": "application/json" } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("error", reject);
        res.on("end", () => {
          const parsed = text.startsWith("{") ? (JSON.parse(text) as { id?: number }) : {};
          resolve({ status: res.statusCode ?? 0, id: parsed.id, connection: res.headers.connection });
        });
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) =>
      reject(new ConnectionError(error.code ?? error.message, req.reusedSocket)),
    );
    req.end(JSON.stringify(body));
  });
}

/**
 * One visitor's browser under load: a kept-alive connection posting enquiries back to back until
 * the server no longer takes connections. A failed connection is replaced, as a browser would;
 * it stops at a refused connection (or after 20 failures). `onAnswer` hears the count of answers;
 * the visitor waits for what it returns before the next enquiry.
 */
export async function postLeadsUntilRefused(
  origin: string,
  client: number,
  onAnswer: (answered: number) => void | Promise<void>,
): Promise<{ answers: LeadAnswer[]; errors: ConnectionError[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const answers: LeadAnswer[] = [];
  const errors: ConnectionError[] = [];
  try {
    for (let n = 0; errors.length < 20; n++) {
      try {
        answers.push(
          await postLead(agent, origin, {
            name: `Load Client ${client}`,
            email: `client${client}.lead${n}@example.ie`,
            message: `Lead ${n} from client ${client}, sent while the server may be stopped or killed.`,
          }),
        );
        await onAnswer(answers.length);
      } catch (error) {
        if (!(error instanceof ConnectionError)) throw error;
        errors.push(error);
        if (error.code === "ECONNREFUSED") break;
      }
    }
  } finally {
    agent.destroy();
  }
  return { answers, errors };
}

/**
 * Posts one enquiry from `name` (its address made from the name) and expects it taken: 201 and an
 * id, which it answers.
 */
export async function expectLeadTaken(origin: string, name: string, message: string): Promise<number> {
  const answer = await postLead(new http.Agent(), origin, {
    name,
    email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.ie`,
    message,
  });
  expect(answer.status, `the enquiry from ${name}`).toBe(201);
  return answer.id!;
}
