import { useEffect } from "react";

/** Sets the browser tab's title to "<title> · Agency CRM" while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Agency CRM`;
  }, [title]);
}
