import { errorMessage } from "@/lib/api-client";

/**
 * What a creative dialog checks before sending a byte (a client chosen, a file given, not too
 * big): the product says it with a "Missing Information" toast (docs/product.md, "Errors").
 */
export class MissingInformation extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MissingInformation";
  }
}

/** A creative dialog's failure toast: Missing Information for its own checks, else its title and the server's detail or the fallback. */
export const creativeFailure = (title: string, fallback: string) => (error: unknown) =>
  error instanceof MissingInformation
    ? { title: "Missing Information", description: error.message }
    : { title, description: errorMessage(error, fallback) };
