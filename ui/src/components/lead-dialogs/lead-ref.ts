/** What the shared lead dialogs need to know about the lead they act on. */
export interface LeadRef {
  id: string;
  name: string;
  email: string | null;
}
