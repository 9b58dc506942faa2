import { useState } from "react";
import type { ImportField } from "@crm/contracts/lead/import";
import type { ImportResult } from "@crm/contracts/lead/answers";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useImportLeads } from "../api/import-leads.ts";
import { loadCsvFile, type LoadedFile } from "../utils/import-file.ts";
import { guessMapping, toImportMapping } from "../utils/import-mapping.ts";

/**
 * Import CSV's state: the chosen file (or why it cannot be used), which column feeds which field,
 * and the last preview or import. A new file or a new column choice drops the last result, so
 * Import always follows a preview of what it will do.
 */
export function useCsvImport() {
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Record<ImportField, string>>(guessMapping([]));
  const [result, setResult] = useState<ImportResult | null>(null);
  const importLeads = useImportLeads();
  const request = toImportMapping(mapping);

  function reset() {
    setFile(null);
    setProblem(null);
    setResult(null);
    setMapping(guessMapping([]));
  }

  async function choose(chosen: File | undefined) {
    setResult(null);
    if (!chosen) return;
    const loaded = await loadCsvFile(chosen);
    if (typeof loaded === "string") {
      setFile(null);
      setProblem(loaded);
      return;
    }
    setProblem(null);
    setFile(loaded);
    setMapping(guessMapping(loaded.headers));
  }

  function mapColumn(field: ImportField, header: string) {
    setMapping((current) => ({ ...current, [field]: header }));
    setResult(null);
  }

  function run(dryRun: boolean) {
    if (!file || !request) return;
    importLeads.mutate(
      { csv: file.text, mapping: request, dryRun },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (!dryRun) toast({ title: "Import Complete", description: `${answer.created} created, ${answer.updated} updated, ${answer.errors} skipped.` });
        },
        onError: (error) =>
          toast({ variant: "destructive", title: "Import Failed", description: errorMessage(error, "Failed to import the file. Please try again.") }),
      },
    );
  }

  const done = result !== null && !result.dryRun;
  return { file, problem, mapping, result, ready: request !== undefined, pending: importLeads.isPending, done, reset, choose, mapColumn, run };
}
