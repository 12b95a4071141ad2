/**
 * The run report as one marked line of a runner's log (issue 51, item 2): the fallback when the runners' report files
 * cannot be collected (k6-operator runner pods write them and exit; `kubectl cp` needs a running container). Each
 * runner of a distributed run (LOAD_RUNNER set) ends its console output with this line; `load:compare` reads it from
 * saved `kubectl logs` output as it reads report files. Pure module: the script writes it (handleSummary's stdout),
 * the Node side reads it.
 */

/** Starts the line; what follows to the end of the line is the report, as JSON on one line. */
export const REPORT_LOG_MARKER = 'osd-suite load report: ';

/** The report (any JSON text) as one marked line, newline included. JSON on one line holds no line break. */
export function reportLogLine(reportJson: string): string {
  return `${REPORT_LOG_MARKER}${JSON.stringify(JSON.parse(reportJson))}\n`;
}

/**
 * The report texts marked in a saved log, in order: one per marked line. The marker may follow a prefix (kubectl logs
 * --prefix or --timestamps); a line cut short (a log collector's line limit) is returned as it is and fails to parse
 * where it is read.
 */
export function reportsInLog(log: string): string[] {
  const out: string[] = [];
  for (const line of log.split('\n')) {
    const at = line.indexOf(REPORT_LOG_MARKER);
    if (at >= 0) out.push(line.slice(at + REPORT_LOG_MARKER.length).replace(/\r$/, ''));
  }
  return out;
}
