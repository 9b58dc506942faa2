import { Upload } from "lucide-react";
import { useId, useState, type ChangeEvent } from "react";
import type { ImportField, ImportResult } from "@crm/contracts/lead/import";
import { parseCsv } from "@crm/contracts/lead/csv";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useImportLeads } from "../api/import-leads.ts";
import { guessMapping, IMPORT_FIELDS, IMPORT_MAX_CHARS, IMPORT_MAX_ROWS, toImportMapping } from "../utils/import-mapping.ts";
import { ImportResults } from "./import-results.tsx";

interface LoadedFile {
  name: string;
  text: string;
  headers: string[];
  rows: number;
}

const SKIP = "__skip__";

/** Reads the file and its header row; a message instead when it is not usable CSV. */
async function load(file: File): Promise<LoadedFile | string> {
  const text = await file.text();
  if (text.length > IMPORT_MAX_CHARS) return `The file is too large: at most ${IMPORT_MAX_CHARS.toLocaleString()} characters.`;
  try {
    const records = parseCsv(text);
    const headers = records[0]?.fields.map((h) => h.trim()).filter(Boolean) ?? [];
    if (headers.length === 0) return "The file has no header row.";
    if (records.length - 1 > IMPORT_MAX_ROWS)
      return `The file has ${records.length - 1} rows; import at most ${IMPORT_MAX_ROWS} at a time.`;
    return { name: file.name, text, headers, rows: records.length - 1 };
  } catch (error) {
    return error instanceof Error ? `The file is not valid CSV. ${error.message}` : "The file is not valid CSV.";
  }
}

/** Import CSV: pick a file, map its columns to lead fields, preview each row (dry run), then import. */
export function ImportCsvDialog() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Record<ImportField, string>>(guessMapping([]));
  const [result, setResult] = useState<ImportResult | null>(null);
  const importLeads = useImportLeads();
  const id = useId();
  const request = toImportMapping(mapping);

  function reset() {
    setFile(null);
    setProblem(null);
    setResult(null);
    setMapping(guessMapping([]));
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setResult(null);
    if (!chosen) return;
    const loaded = await load(chosen);
    if (typeof loaded === "string") {
      setFile(null);
      setProblem(loaded);
      return;
    }
    setProblem(null);
    setFile(loaded);
    setMapping(guessMapping(loaded.headers));
  }

  function run(dryRun: boolean) {
    if (!file || !request) return;
    importLeads.mutate(
      { csv: file.text, mapping: request, dryRun },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (!dryRun)
            toast({
              title: "Import Complete",
              description: `${answer.created} created, ${answer.updated} updated, ${answer.errors} skipped.`,
            });
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Import Failed",
            description: errorMessage(error, "Failed to import the file. Please try again."),
          }),
      },
    );
  }

  const done = result !== null && !result.dryRun;
  return (
    <Dialog open={open} onOpenChange={(next) => (setOpen(next), next || reset())}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden="true" />
          Import CSV
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import Leads</DialogTitle>
          <DialogDescription>
            Upload a CSV file with a header row, match its columns to lead fields, preview, then import. Rows with a known email update that
            lead.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-file`}>CSV file</Label>
          <Input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void choose(e)}
            disabled={importLeads.isPending || done}
          />
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          {file && (
            <p className="text-xs text-muted-foreground">{`${file.name}: ${file.rows} ${file.rows === 1 ? "row" : "rows"}, ${file.headers.length} columns.`}</p>
          )}
        </div>
        {file && !done && (
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium">Columns</legend>
            {IMPORT_FIELDS.map(({ field, label, required }) => (
              <div key={field} className="grid gap-1.5">
                <Label htmlFor={`${id}-${field}`}>
                  {label}
                  {required && (
                    <span aria-hidden="true" className="text-destructive">
                      *
                    </span>
                  )}
                </Label>
                <Select
                  value={mapping[field] || SKIP}
                  onValueChange={(v) => (setMapping((m) => ({ ...m, [field]: v === SKIP ? "" : v })), setResult(null))}
                >
                  <SelectTrigger id={`${id}-${field}`} aria-required={required}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={SKIP}>{required ? "Choose a column" : "Not imported"}</SelectItem>
                    {file.headers.map((header) => (
                      <SelectItem key={header} value={header}>
                        {header}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            ))}
          </fieldset>
        )}
        {result && <ImportResults result={result} />}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            {done ? "Close" : "Cancel"}
          </Button>
          {!done && (
            <>
              <Button type="button" variant="secondary" disabled={!request || importLeads.isPending} onClick={() => run(true)}>
                Preview
              </Button>
              <Button type="button" disabled={!request || importLeads.isPending || result === null} onClick={() => run(false)}>
                {importLeads.isPending ? "Working..." : "Import"}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
