/** GET /api/creative/clients: the leads with a creative director that the caller may see. */
export interface CreativeClient {
  id: string;
  name: string;
  business: string;
  email: string;
  stage: string;
  creativeDirectorId: string;
  creativeDirectorName: string | null;
}
