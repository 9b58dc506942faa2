import type { ConferenceProvider } from "@crm/contracts/meeting/answers";
import type { Config } from "../config.ts";

export interface GoogleCalendarSettings {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  calendarId: string;
  apiUrl: string;
  tokenUrl: string;
}

export interface MeetEventSpec {
  /** Our meeting id; the calendar event id is derived from it, so a retried insert cannot duplicate. */
  meetingId: string;
  summary: string;
  description: string;
  start: string;
  end: string;
}

export interface GoogleCalendar {
  createMeetEvent(spec: MeetEventSpec): Promise<{ calendarEventId: string; joinLink: string }>;
  moveEvent(calendarEventId: string, start: string, end: string): Promise<void>;
  cancelEvent(calendarEventId: string): Promise<void>;
}

/** An HTTP error from Google; 4xx other than 408/409/429 will not heal by retrying. */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`Google Calendar answered ${status}: ${message}`);
  }
  get permanent() {
    return this.status >= 400 && this.status < 500 && ![408, 409, 429].includes(this.status);
  }
}

/** The Calendar API settings when GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_REFRESH_TOKEN are set. */
export function googleCalendarSettings(c: Config): GoogleCalendarSettings | undefined {
  if (!c.GOOGLE_CLIENT_ID || !c.GOOGLE_CLIENT_SECRET || !c.GOOGLE_REFRESH_TOKEN) return undefined;
  return {
    clientId: c.GOOGLE_CLIENT_ID,
    clientSecret: c.GOOGLE_CLIENT_SECRET,
    refreshToken: c.GOOGLE_REFRESH_TOKEN,
    calendarId: c.GOOGLE_CALENDAR_ID,
    apiUrl: c.GOOGLE_API_URL,
    tokenUrl: c.GOOGLE_TOKEN_URL,
  };
}

/** The provider a new video meeting gets: Google Meet when the Calendar API is configured, else Jitsi (what the UI names). */
export const videoProviderOf = (c: Config): ConferenceProvider => (googleCalendarSettings(c) ? "google" : "jitsi");

/** Google event ids use base32hex (0-9, a-v): a UUID without dashes qualifies. */
export const calendarEventIdOf = (meetingId: string) => `crm${meetingId.replace(/-/g, "").toLowerCase()}`;

async function failOnError(response: Response): Promise<Response> {
  if (response.ok) return response;
  const body = await response.text().catch(() => "");
  throw new GoogleApiError(response.status, body.slice(0, 300) || response.statusText);
}

const meetLinkOf = (event: { hangoutLink?: string; conferenceData?: { entryPoints?: { entryPointType?: string; uri?: string }[] } }) =>
  event.hangoutLink ?? event.conferenceData?.entryPoints?.find((e) => e.entryPointType === "video")?.uri;

/** Google Calendar (events.insert with a Meet createRequest) over its REST API, with an OAuth refresh token. */
export function createGoogleCalendar(settings: GoogleCalendarSettings, fetchFn: typeof fetch = fetch): GoogleCalendar {
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const body = new URLSearchParams({ grant_type: "refresh_token", refresh_token: settings.refreshToken, client_id: settings.clientId, client_secret: settings.clientSecret });
    const response = await failOnError(await fetchFn(settings.tokenUrl, { method: "POST", body }));
    const json = (await response.json()) as { access_token: string; expires_in?: number };
    token = { value: json.access_token, expiresAt: Date.now() + (json.expires_in ?? 3600) * 1000 };
    return token.value;
  }

  const eventsUrl = (suffix = "", query = "") =>
    `${settings.apiUrl}/calendars/${encodeURIComponent(settings.calendarId)}/events${suffix}${query ? `?${query}` : ""}`;

  async function call(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = { authorization: `Bearer ${await accessToken()}`, "content-type": "application/json" };
    return fetchFn(url, { ...init, headers });
  }

  async function getEvent(id: string) {
    return (await (await failOnError(await call(eventsUrl(`/${id}`, "conferenceDataVersion=1")))).json()) as Parameters<typeof meetLinkOf>[0];
  }

  return {
    async createMeetEvent(spec) {
      const id = calendarEventIdOf(spec.meetingId);
      const body = {
        id,
        summary: spec.summary,
        description: spec.description,
        start: { dateTime: spec.start, timeZone: "UTC" },
        end: { dateTime: spec.end, timeZone: "UTC" },
        conferenceData: { createRequest: { requestId: spec.meetingId, conferenceSolutionKey: { type: "hangoutsMeet" } } },
      };
      const response = await call(eventsUrl("", "conferenceDataVersion=1&sendUpdates=none"), { method: "POST", body: JSON.stringify(body) });
      // 409: an earlier attempt created it before we could record the answer; read it back.
      const event = response.status === 409 ? await getEvent(id) : ((await (await failOnError(response)).json()) as Parameters<typeof meetLinkOf>[0]);
      const link = meetLinkOf(event) ?? meetLinkOf(await getEvent(id));
      if (!link) throw new GoogleApiError(503, "the Meet link is not ready yet");
      return { calendarEventId: id, joinLink: link };
    },
    async moveEvent(calendarEventId, start, end) {
      const body = { start: { dateTime: start, timeZone: "UTC" }, end: { dateTime: end, timeZone: "UTC" } };
      await failOnError(await call(eventsUrl(`/${calendarEventId}`, "sendUpdates=none"), { method: "PATCH", body: JSON.stringify(body) }));
    },
    async cancelEvent(calendarEventId) {
      const response = await call(eventsUrl(`/${calendarEventId}`, "sendUpdates=none"), { method: "DELETE" });
      if (response.status === 404 || response.status === 410) return; // already gone: the goal is met
      await failOnError(response);
    },
  };
}
