/** One scrape of a service's /metrics, read the way Prometheus reads the text format. */
export interface Scrape {
  text: string;
  /** The sample's value, or undefined when no such series is exposed. */
  value(name: string, labels?: Record<string, string>): number | undefined;
  /** The sample's value, 0 when the series is not exposed yet. */
  count(name: string, labels?: Record<string, string>): number;
}

function parseLabels(text: string | undefined): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const match of (text ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[match[1]!] = match[2]!;
  return labels;
}

export async function scrapeMetrics(url: string, headers: Record<string, string> = {}): Promise<Scrape> {
  const response = await fetch(`${url}/metrics`, { headers, signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  const text = await response.text();
  const samples = text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      return { name: match[1]!, labels: parseLabels(match[2]), value: Number(match[3]) };
    });
  const value = (name: string, labels: Record<string, string> = {}) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([key, v]) => s.labels[key] === v))?.value;
  return { text, value, count: (name, labels) => value(name, labels) ?? 0 };
}
