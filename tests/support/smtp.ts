import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { expect } from "vitest";

/** `body`: the text (of a multipart/alternative message, its text/plain part); `html`: its text/html part. */
export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  body: string;
  html?: string;
};

/** A real SMTP server on localhost that keeps what it receives. */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMessage(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const boundPort = (server.server.address() as AddressInfo).port;
  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Runs the outbox until `smtp` has received exactly `count` messages (10 s at most). The server keeps
 * a message before it answers 250, so the outbox may still be marking its row sent.
 */
export async function deliverUntil(
  outbox: { processDue(): Promise<number> },
  smtp: { received: ReceivedMail[] },
  count: number,
): Promise<void> {
  await expect
    .poll(
      async () => {
        await outbox.processDue();
        return smtp.received.length;
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(count);
}

/**
 * Headers (unfolded, lower-case names) and the decoded body of a text/plain message, or of each
 * part of a multipart one (text and HTML, as nodemailer sends them, nested parts included: a
 * calendar invitation comes as multipart/mixed around multipart/alternative).
 */
function parseMessage(raw: string): { headers: Record<string, string>; body: string; html?: string } {
  const message = parsePart(raw);
  const parts = mimeParts(raw);
  if (parts.length === 0) return message;
  const of = (type: string) => parts.find((p) => p.headers["content-type"]?.toLowerCase().startsWith(type))?.body;
  return { headers: message.headers, body: of("text/plain") ?? "", html: of("text/html") };
}

/** Every leaf part of a multipart message (depth first), decoded; [] for a single-part one. */
export function mimeParts(raw: string): Array<{ headers: Record<string, string>; body: string }> {
  const message = parsePart(raw);
  const boundary = /^multipart\/[a-z]+;.*boundary="?([^";]+)"?/i.exec(message.headers["content-type"] ?? "")?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => part.replace(/^\r?\n/, ""))
    .flatMap((part) => {
      const nested = mimeParts(part);
      return nested.length ? nested : [parsePart(part)];
    });
}

function parsePart(raw: string): { headers: Record<string, string>; body: string } {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  let body = rest.join("\n\n");
  const encoding = headers["content-transfer-encoding"]?.toLowerCase();
  if (encoding === "quoted-printable") {
    body = Buffer.from(
      body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  } else if (encoding === "base64") {
    body = Buffer.from(body, "base64").toString("utf8");
  }
  return { headers, body: body.replace(/\r\n/g, "\n") };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=). */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}
