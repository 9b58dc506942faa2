/** A creative list's path, narrowed to one client when a lead is given. */
export const listPath = (path: string, leadId: string | undefined) => (leadId ? `${path}?leadId=${encodeURIComponent(leadId)}` : path);
