import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPermanentSmsError, normalizePhone } from "../src/sms/sms-sender.ts";
import { createTwilioSmsSender } from "../src/sms/twilio-sms-sender.ts";

const ACCOUNT_SID = `AC${"0123456789abcdef".repeat(2)}`;
const AUTH_TOKEN = "secret-token";

/** The real Twilio SDK, with every request sent to a loopback server instead of api.twilio.com. */
class LoopbackRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super();
  }
  override request<T>(opts: RequestClient.RequestOptions<T>) {
    return super.request<T>({ ...opts, uri: opts.uri.replace(/^https:\/\/[^/]+/, this.base) });
  }
}

interface Received {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => resolve(body));
  });

describe("SMS through the Twilio SDK against a loopback Messages API", () => {
  let server: Server;
  let base: string;
  const received: Received[] = [];
  let answers: { status: number; body: object }[] = [];

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      received.push({ path: req.url ?? "", authorization: req.headers.authorization, form: new URLSearchParams(await readBody(req)) });
      const next = answers.shift() ?? { status: 201, body: { sid: `SM${received.length}`, status: "queued" } };
      res.writeHead(next.status, { "content-type": "application/json" }).end(JSON.stringify(next.body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const sender = () => createTwilioSmsSender({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: "+15550001111", httpClient: new LoopbackRequestClient(base) });

  it("posts the message to the account's Messages resource with basic auth and answers the SID", async () => {
    const result = await sender().send({ id: "r-1", to: "+15551234567", body: "Hello & welcome" });
    const request = received.at(-1)!;
    expect(request.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`);
    expect(Object.fromEntries(request.form)).toEqual({ To: "+15551234567", From: "+15550001111", Body: "Hello & welcome" });
    expect(result.providerMessageId).toBe(`SM${received.length}`);
  });

  it("classifies a 400 as permanent and a 500 as worth retrying", async () => {
    answers = [{ status: 400, body: { code: 21211, message: "Invalid 'To' Phone Number", status: 400 } }, { status: 500, body: { message: "oops", status: 500 } }];
    const invalid = await sender().send({ id: "r-2", to: "+1", body: "x" }).catch((e: unknown) => e);
    expect(isPermanentSmsError(invalid)).toBe(true);
    expect(String(invalid)).toMatch(/Invalid 'To' Phone Number/);
    const outage = await sender().send({ id: "r-3", to: "+15551234567", body: "x" }).catch((e: unknown) => e);
    expect(isPermanentSmsError(outage)).toBe(false);
  });
});

describe("phone numbers", () => {
  it("keeps digits and a leading +, and refuses what is not a number", () => {
    expect(normalizePhone("+1 (555) 123-4567")).toBe("+15551234567");
    expect(normalizePhone("020 7946 0958")).toBe("02079460958");
    expect(normalizePhone("call me")).toBeUndefined();
    expect(normalizePhone("+12")).toBeUndefined();
  });
});
