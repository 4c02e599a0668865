import { Download, Upload } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { exportAccount, importFile, type ImportResult } from '../../api/account.js';
import { Alert } from '../../components/alert.js';
import { localDay, personZone } from '../../model/dates.js';
import { humanError } from '../../model/human-errors.js';

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The words for an import's counts: what was created, skipped, converted and left out. */
function ImportCounts({ result }: { result: ImportResult }) {
  const kinds = (counts: Record<string, number>) =>
    Object.entries(counts)
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => `${count} ${kind.replace(/([A-Z])/g, ' $1').toLowerCase()}`)
      .join(', ');
  const converted = kinds(result.converted);
  const dropped = kinds(result.dropped);
  const problems = result.rows.length + result.rowsNotListed;
  return (
    <dl class="counts">
      <dt>Created</dt>
      <dd>{plural(result.created, 'task')}</dd>
      <dt>Skipped</dt>
      <dd>{result.skipped === 0 ? 'none' : `${plural(result.skipped, 'task')} you already had`}</dd>
      {converted && (
        <>
          <dt>Kept otherwise</dt>
          <dd>{converted}</dd>
        </>
      )}
      {dropped && (
        <>
          <dt>Left out</dt>
          <dd>{dropped}</dd>
        </>
      )}
      {problems > 0 && (
        <>
          <dt>Read with problems</dt>
          <dd>
            {plural(problems, 'row')}: {result.rows.slice(0, 3).map((row) => `line ${row.row}: ${row.problem}`).join('; ')}
            {problems > 3 && ' …'}
          </dd>
        </>
      )}
    </dl>
  );
}

/** "Export my data" (the whole account as a JSON file) and "Import" (a Tickler export or a Todoist CSV). */
export function DataSection({ userId, onImported }: { userId: string; onImported(): void }) {
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const download = () => {
    setExporting(true);
    setProblem(null);
    setStatus(null);
    exportAccount()
      .then((blob) => {
        const name = `tickler-${userId}-${localDay(new Date(), personZone())}.json`;
        const link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = name;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
        setStatus(`Downloaded ${name}.`);
      })
      .catch((error: unknown) => setProblem(humanError(error, 'export').text))
      .finally(() => setExporting(false));
  };

  const pick = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setImporting(true);
    setProblem(null);
    setStatus(`Importing ${file.name}…`);
    setResult(null);
    importFile(file)
      .then((answer) => {
        setResult(answer);
        setStatus(`Imported ${file.name}.`);
        onImported();
      })
      .catch((error: unknown) => {
        setStatus(null);
        setProblem(humanError(error, 'import').text);
      })
      .finally(() => setImporting(false));
  };

  return (
    <section aria-labelledby="data-heading">
      <h3 id="data-heading">
        <Download aria-hidden="true" />
        Your data
      </h3>
      <p>Download everything of your account as one file, or bring tasks in from a Tickler export or a Todoist CSV export. Importing the same file twice adds nothing twice.</p>
      <div class="actions">
        <button type="button" onClick={download} disabled={exporting}>
          <Download aria-hidden="true" />
          Export my data
        </button>
        <label class="button file">
          <Upload aria-hidden="true" />
          <span>Import</span>
          <input type="file" accept=".json,.csv,application/json,text/csv" onChange={pick} disabled={importing} />
        </label>
      </div>
      <p role="status" class="hint">
        {status}
      </p>
      {result && <ImportCounts result={result} />}
      {problem && <Alert>{problem}</Alert>}
    </section>
  );
}
