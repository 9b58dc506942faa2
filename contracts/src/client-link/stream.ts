const PREFIX = "clientlink-";

/** The stream of one lead's client links: issued, revoked, flooded (not the lead's: a link never bumps the lead's version). */
export const clientLinkStreamId = (leadId: string) => `${PREFIX}${leadId}`;
