import { FileUp, Upload } from 'lucide-react';
import { useState } from 'react';
import { CSV_IMPORT_MAX_BYTES } from '#shared/constants.ts';
import type { ImportResult } from '#shared/contracts/entries.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useImportEntries } from '../api/import-entries.ts';
import { readCsvHeader } from '../lib/read-csv-header.ts';
import {
  choiceOf,
  columnsOf,
  ImportColumnsPicker,
  type ColumnChoice,
} from './import-columns-picker.tsx';

function checkFile(file: File): string | null {
  if (!/\.csv$/i.test(file.name)) return 'Only .csv files can be imported.';
  if (file.size > CSV_IMPORT_MAX_BYTES) return 'The file is too large: the limit is 5 MB.';
  return null;
}

export function ImportCsvDialog({ contestId }: { contestId: string }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /** The picked file's header row, and the columns chosen from it. */
  const [header, setHeader] = useState<string[] | null>(null);
  const [choice, setChoice] = useState<ColumnChoice>(choiceOf(null));
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<ImportResult | null>(null);
  const importer = useImportEntries(contestId, setProgress);

  const columns = columnsOf(choice);

  const reset = () => {
    setFile(null);
    setFileError(null);
    setHeader(null);
    setChoice(choiceOf(null));
    setProgress(0);
    setResult(null);
  };

  const pick = async (picked: File | null) => {
    reset();
    const problem = picked ? checkFile(picked) : null;
    setFileError(problem);
    if (!picked || problem) return;
    setFile(picked);
    const read = await readCsvHeader(picked);
    setHeader(read.columns);
    setChoice(choiceOf(read.found));
  };

  const upload = () => {
    if (!file || !columns) return;
    setProgress(0);
    importer.mutate(
      { file, columns },
      {
        onSuccess: (answer) => {
          setResult(answer);
          toast({
            title: 'Import Successful!',
            description: `Imported ${answer.imported} ${answer.imported === 1 ? 'entry' : 'entries'}${answer.skipped ? `, skipped ${answer.skipped}` : ''}.`,
            variant: 'success',
          });
        },
        onError: (error) => {
          reportFailure(error, 'Import Failed', 'Failed to import CSV file');
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <FileUp aria-hidden />
          Import CSV
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Import entries from CSV"
        description="A header row, then one entrant per row, as mailing-list tools and CRMs export it (commas or semicolons). Only .csv files, up to 5 MB. Duplicate e-mails are skipped."
      >
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="csv-file">CSV file</Label>
            <input
              id="csv-file"
              type="file"
              accept=".csv,text/csv"
              className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:font-semibold file:text-primary"
              onChange={(event) => void pick(event.target.files?.[0] ?? null)}
            />
            {fileError ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {fileError}
              </p>
            ) : null}
          </div>
          {header && !result ? (
            <ImportColumnsPicker header={header} choice={choice} onChange={setChoice} />
          ) : null}
          {importer.isPending ? (
            <div className="grid gap-1">
              <Progress value={progress} label="Upload progress" />
              <p className="text-xs text-muted-foreground">
                {progress < 1
                  ? `Uploading... ${Math.round(progress * 100)}%`
                  : 'Importing entries...'}
              </p>
            </div>
          ) : null}
          {result ? <ImportSummary result={result} /> : null}
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {result ? 'Done' : 'Cancel'}
            </Button>
            <Button disabled={!file || !columns || importer.isPending} onClick={upload}>
              <Upload aria-hidden />
              {importer.isPending ? 'Importing...' : 'Import'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  return (
    <div role="status" className="rounded-xl border border-border bg-muted p-4 text-sm">
      <p className="font-semibold">
        {result.imported} imported · {result.skipped} skipped
      </p>
      {result.errors.length > 0 ? (
        <ul className="mt-2 max-h-40 overflow-y-auto text-muted-foreground">
          {/* The server lists rows by kind of problem; a reader looks for them by row. */}
          {[...result.errors]
            .sort((a, b) => a.row - b.row)
            .map((error) => (
              <li key={`${error.row}-${error.message}`}>
                Row {error.row}: {error.message}
              </li>
            ))}
          {result.skipped > result.errors.length ? (
            <li>…and {result.skipped - result.errors.length} more</li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
