import { CORRELATION_ATTRIBUTE, waterfallOrder, type StoredSpan, type TraceSummary } from '@aero/backend-observability';

/** Plain server-rendered pages of the local trace viewer (operations port): no script, no outside asset. */

function escape(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}

const STYLE = `
  body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1b1f24; }
  h1 { font-size: 1.3rem; } a { color: #0b57d0; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #e3e6ea; vertical-align: top; }
  th { font-weight: 600; background: #f5f6f8; }
  .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .error { color: #b3261e; font-weight: 600; }
  .lane { position: relative; min-width: 18rem; height: 1.1rem; background: #f5f6f8; }
  .bar { position: absolute; top: .15rem; height: .8rem; min-width: 2px; background: #4a7bd0; border-radius: 2px; }
  .bar.error { background: #b3261e; }
  .svc { display: inline-block; padding: 0 .35rem; border-radius: 3px; background: #e8eefb; font-size: .85em; }
  details summary { cursor: pointer; }
  code, pre { font: 12px ui-monospace, monospace; }
  pre { margin: .3rem 0 0; white-space: pre-wrap; }
  form { margin: 1rem 0; }
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** `/traces`: the newest traces (or those of one correlation id), each linked to its waterfall. */
export function renderTraceList(traces: TraceSummary[], correlationId?: string): string {
  const rows = traces
    .map(
      (t) => `<tr>
        <td><a href="/traces/${escape(t.traceId)}"><code>${escape(t.traceId)}</code></a></td>
        <td>${t.root ? `${escape(t.root.name)} <span class="svc">${escape(t.root.service)}</span>` : '<em>root span not received yet</em>'}</td>
        <td>${escape(t.startedAt)}</td>
        <td class="num">${ms(t.durationMs)}</td>
        <td class="num">${t.spans}</td>
        <td>${t.services.map((s) => `<span class="svc">${escape(s)}</span>`).join(' ')}</td>
        <td class="num${t.errors ? ' error' : ''}">${t.errors}</td>
        <td>${t.correlationId ? `<a href="/traces?correlationId=${encodeURIComponent(t.correlationId)}"><code>${escape(t.correlationId)}</code></a>` : ''}</td>
      </tr>`,
    )
    .join('');
  return page(
    'Traces',
    `<h1>Traces${correlationId ? ` of correlation id <code>${escape(correlationId)}</code>` : ', newest first'}</h1>
    <form method="get" action="/traces"><label>Correlation id <input name="correlationId" value="${escape(correlationId ?? '')}" size="40"></label> <button>Find</button> <a href="/traces">all</a></form>
    ${
      traces.length
        ? `<table><thead><tr><th>Trace</th><th>Started by</th><th>Started at (UTC)</th><th class="num">Duration</th><th class="num">Spans</th><th>Processes</th><th class="num">Errors</th><th>Correlation id</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>No trace yet. Processes send their spans here when OTEL_EXPORTER_OTLP_ENDPOINT points at this port (npm start does).</p>'
    }`,
  );
}

/** `/traces/<traceId>`: every span of the trace, each under its parent, on one time line across the processes. */
export function renderTrace(traceId: string, spans: StoredSpan[]): string {
  const start = Math.min(...spans.map((s) => s.startMs));
  const total = Math.max(...spans.map((s) => s.startMs + s.durationMs)) - start || 1;
  const correlationId = spans.find((s) => typeof s.attributes[CORRELATION_ATTRIBUTE] === 'string')?.attributes[CORRELATION_ATTRIBUTE];
  const rows = waterfallOrder(spans)
    .map(({ span, depth }) => {
      const left = ((span.startMs - start) / total) * 100;
      const width = (span.durationMs / total) * 100;
      const failed = span.status === 'error';
      const attributes = Object.entries(span.attributes)
        .map(([key, value]) => `${escape(key)} = ${escape(value)}`)
        .join('\n');
      return `<tr>
        <td style="padding-left:${0.5 + depth * 1.2}rem"><details><summary class="${failed ? 'error' : ''}">${escape(span.name)}</summary><pre>kind = ${span.kind}\nspan_id = ${escape(span.spanId)}${span.parentSpanId ? `\nparent = ${escape(span.parentSpanId)}` : ''}${span.error ? `\nerror = ${escape(span.error)}` : ''}\n${attributes}</pre></details></td>
        <td><span class="svc">${escape(span.service)}</span></td>
        <td class="num">+${ms(span.startMs - start)}</td>
        <td class="num">${ms(span.durationMs)}</td>
        <td><div class="lane"><div class="bar${failed ? ' error' : ''}" style="left:${left.toFixed(3)}%;width:${width.toFixed(3)}%"></div></div></td>
      </tr>`;
    })
    .join('');
  const services = [...new Set(spans.map((s) => s.service))];
  return page(
    `Trace ${traceId}`,
    `<p><a href="/traces">← all traces</a></p>
    <h1>Trace <code>${escape(traceId)}</code></h1>
    <p>${spans.length} spans from ${services.length} processes (${services.map((s) => `<span class="svc">${escape(s)}</span>`).join(' ')}), ${ms(total)}${
      correlationId ? `; correlation id <code>${escape(correlationId)}</code> (its log lines and error reports carry it)` : ''
    }.</p>
    <table><thead><tr><th>Span</th><th>Process</th><th class="num">Start</th><th class="num">Duration</th><th>Time line</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}
