import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import type { ImportColumns } from '#shared/contracts/entry-import.ts';
import { Label } from '#web/components/ui/label.tsx';

/** The columns as the owner is choosing them: unset until the file names or the owner picks one. */
export type ColumnChoice = { email: number | null; name: number | null; lastName: number | null };

export const choiceOf = (found: ImportColumns | null): ColumnChoice => ({
  email: found?.email ?? null,
  name: found?.name[0] ?? null,
  lastName: found?.name[1] ?? null,
});

/** The choice as the upload sends it, once it names an e-mail and a name column, all different. */
export function columnsOf(choice: ColumnChoice): ImportColumns | null {
  const { email, name, lastName } = choice;
  if (email === null || name === null || email === name) return null;
  if (lastName === null) return { email, name: [name] };
  if (lastName === email || lastName === name) return null;
  return { email, name: [name, lastName] };
}

const quote = (header: string, position: number) =>
  header ? `"${header}"` : `column ${position + 1}`;

/** "Name from "First Name" + "Last Name" · E-mail from "Email Address"". */
function describeChoice(columns: ImportColumns, header: string[]): string {
  const names = columns.name.map((column) => quote(header[column] ?? '', column)).join(' + ');
  return `Name from ${names} · E-mail from ${quote(header[columns.email] ?? '', columns.email)}`;
}

function ColumnSelect({
  label,
  value,
  header,
  optional,
  onChange,
}: {
  label: string;
  value: number | null;
  header: string[];
  optional?: boolean;
  onChange: (column: number | null) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        onChange={(event) =>
          onChange(event.target.value === '' ? null : Number(event.target.value))
        }
        className="h-11 w-full rounded-lg border border-input bg-card px-3 text-base text-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm"
      >
        <option value="">{optional ? 'None' : 'Choose a column'}</option>
        {header.map((cell, column) => (
          <option key={column} value={column}>
            {cell || `Column ${column + 1}`}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * What the import will read, from the file's header row: the columns found (or a word that none
 * were), and a choice of others before anything is sent (docs/product.md#csv-import-and-export).
 */
export function ImportColumnsPicker({
  header,
  choice,
  onChange,
}: {
  header: string[];
  choice: ColumnChoice;
  onChange: (choice: ColumnChoice) => void;
}) {
  const columns = columnsOf(choice);
  return (
    <fieldset className="grid gap-3 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Columns to import</legend>
      {columns ? (
        <p role="status" className="flex items-start gap-2 text-sm">
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
          <span>{describeChoice(columns, header)}</span>
        </p>
      ) : (
        <p role="status" className="flex items-start gap-2 text-sm text-amber-900">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>Choose the column with the e-mail address and the one with the name.</span>
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <ColumnSelect
          label="E-mail"
          value={choice.email}
          header={header}
          onChange={(email) => onChange({ ...choice, email })}
        />
        <ColumnSelect
          label="Name (or first name)"
          value={choice.name}
          header={header}
          onChange={(name) => onChange({ ...choice, name })}
        />
        <ColumnSelect
          label="Last name"
          value={choice.lastName}
          header={header}
          optional
          onChange={(lastName) => onChange({ ...choice, lastName })}
        />
      </div>
    </fieldset>
  );
}
