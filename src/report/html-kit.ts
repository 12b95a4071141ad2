/**
 * The pieces both HTML reports are built of (the service certification's and the client certification's): the one
 * style sheet and the escaped building blocks, so the two reports look and escape alike. Every text goes through esc.
 */
import { escapeXml as esc } from './svg-charts.ts';

/**
 * The start of every HTML report, up to <body>: one Content-Security-Policy for all of them (no script, no request
 * beyond the file: a report opens from disk, a CI artifact or a ticket and shows the same everywhere).
 */
export function documentStart(title: string, style: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${esc(title)}</title>
<style>${style}</style>
</head>`;
}

export const CSS = `
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1b1b1b;background:#fafafa}
main{max-width:1240px;margin:0 auto;padding:0 20px 40px}
a{color:#0d47a1}
header.verdict{padding:18px 20px;color:#fff}
header.verdict.pass{background:#2e7d32}
header.verdict.fail{background:#c62828}
header.verdict.incomplete{background:#8d5a00}
header.verdict a{color:#fff}
header.verdict h1{margin:0 0 6px;font-size:26px}
header.verdict ol,header.verdict ul{margin:6px 0 0;padding-left:22px}
header.verdict li{margin:2px 0;overflow-wrap:anywhere}
header.verdict .links{margin-top:8px}
nav.toc{background:#fff;border-bottom:1px solid #ddd;padding:8px 20px;position:sticky;top:0;z-index:2}
nav.toc a{margin-right:14px;white-space:nowrap;display:inline-block}
h2{margin-top:28px;border-bottom:2px solid #ddd;padding-bottom:4px;scroll-margin-top:48px}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;background:#fff;margin:8px 0}
th,td{border:1px solid #ddd;padding:5px 7px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#f0f0f0}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;padding:12px;border:1px solid #ddd}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0;word-break:break-all}
.badge{display:inline-block;padding:1px 7px;border-radius:10px;color:#fff;font-size:12px;font-weight:600;white-space:nowrap}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
pre{background:#f5f5f5;border:1px solid #e0e0e0;padding:8px;white-space:pre-wrap;word-break:break-all;margin:4px 0;max-height:24em;overflow:auto}
ul.tight{margin:0;padding-left:18px}
summary{cursor:pointer}
.failure{border-left:3px solid #c62828;padding-left:8px;margin:6px 0}
.failure.drift{border-left-color:#ef8f00}
blockquote.contract{margin:6px 0 0;padding:2px 8px;border-left:3px solid #0d47a1;background:#f5f8fc}
blockquote.contract p{margin:2px 0}
.muted{color:#666}
svg.chart{max-width:100%;height:auto}
.chart text{font:12px system-ui,sans-serif;fill:#333}
tr.drift td{background:#fff3e0}
#clause-table{table-layout:fixed}
#clause-table col.c-id{width:17%}#clause-table col.c-kind{width:6%}#clause-table col.c-status{width:8%}
#clause-table col.c-summary{width:22%}#clause-table col.c-tests{width:15%}#clause-table col.c-findings{width:32%}
#clause-table tr:target td{outline:2px solid #0d47a1;background:#e3f2fd}
#clause-table tbody tr{scroll-margin-top:48px}
.filters{display:flex;flex-wrap:wrap;gap:6px 4px;align-items:center;margin:8px 0}
.filters .label{font-weight:600;margin:0 4px 0 10px}
.filters .label:first-child{margin-left:0}
.filters input{position:absolute;opacity:0;width:1px;height:1px}
.filters label{border:1px solid #bbb;border-radius:14px;padding:2px 10px;background:#fff;cursor:pointer;white-space:nowrap}
.filters input:checked+label{background:#0d47a1;border-color:#0d47a1;color:#fff}
.filters input:focus-visible+label{outline:2px solid #ef8f00}
a.download{display:inline-block;margin:2px 0 6px;font-weight:600}
header.verdict li.folded .ids{display:flex;flex-wrap:wrap;gap:2px 12px;margin:4px 0}
@media (max-width:760px){
  main{padding:0 10px 30px}
  header.verdict{padding:14px 10px}
  header.verdict h1{font-size:21px}
  nav.toc{position:static;padding:6px 10px}
  #clause-table,#clause-table tbody,#clause-table tr,#clause-table td{display:block;width:auto}
  #clause-table thead,#clause-table colgroup{display:none}
  #clause-table tr{border:1px solid #ccc;margin:0 0 10px;background:#fff}
  #clause-table td{border:0;border-top:1px solid #eee}
  #clause-table td::before{content:attr(data-label);display:block;font-size:11px;color:#666;text-transform:uppercase}
  dl.facts{grid-template-columns:1fr}
}
`;

export function list(items: readonly string[], empty = '—'): string {
  return items.length
    ? `<ul class="tight">${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`
    : `<span class="muted">${esc(empty)}</span>`;
}

export function facts(rows: Array<[string, string]>): string {
  return `<dl class="facts">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;
}

/** A table of complete rows (`<tr>…</tr>`, see `tr`), so a row can carry its own attributes; it scrolls in its own box on a narrow screen. */
export function table(head: string[], rows: readonly string[], attrs = ''): string {
  return `<div class="scroll"><table${attrs}><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

export const tr = (cells: readonly string[], attrs = '') => `<tr${attrs}>${cells.join('')}</tr>`;

export const td = (text: string) => `<td>${esc(text)}</td>`;
