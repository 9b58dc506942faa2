import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ImportColumns } from "./import-columns.tsx";
import { ImportResults } from "./import-results.tsx";
import { useCsvImport } from "./use-csv-import.ts";

export interface ImportCsvDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Import CSV: pick a file, map its columns to lead fields, preview each row (dry run), then import.
 * Not on the form kit: its footer has two actions (Preview, Import), and closing starts it over.
 */
export function ImportCsvDialog({ open, onOpenChange }: ImportCsvDialogProps) {
  const csv = useCsvImport();
  const id = useId();
  const change = (next: boolean) => {
    if (!next) csv.reset();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import Leads</DialogTitle>
          <DialogDescription>
            Upload a CSV file with a header row, match its columns to lead fields, preview, then import. Rows with a known email update that
            lead. Stage, owner, value, expected close and probability can be imported too; a file exported here maps itself.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-file`}>CSV file</Label>
          <Input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void csv.choose(e.target.files?.[0])}
            disabled={csv.pending || csv.done}
          />
          {csv.problem && (
            <p role="alert" className="text-sm text-destructive">
              {csv.problem}
            </p>
          )}
          {csv.file && (
            <p className="text-xs text-muted-foreground">{`${csv.file.name}: ${csv.file.rows} ${csv.file.rows === 1 ? "row" : "rows"}, ${csv.file.headers.length} columns.`}</p>
          )}
        </div>
        {csv.file && !csv.done && <ImportColumns headers={csv.file.headers} mapping={csv.mapping} onMap={csv.mapColumn} />}
        {csv.result && <ImportResults result={csv.result} />}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => change(false)}>
            {csv.done ? "Close" : "Cancel"}
          </Button>
          {!csv.done && (
            <>
              <Button type="button" variant="secondary" disabled={!csv.ready || csv.pending} onClick={() => csv.run(true)}>
                Preview
              </Button>
              <Button type="button" disabled={!csv.ready || csv.pending || csv.result === null} onClick={() => csv.run(false)}>
                {csv.pending ? "Working..." : "Import"}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
