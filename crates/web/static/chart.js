// A chart of nodes (bars) and time (line) per computer move, as inline SVG.

function fmt(n) {
  if (n >= 1e9) return (n / 1e9).toFixed(1) + "G";
  if (n >= 1e6) return (n / 1e6).toFixed(1) + "M";
  if (n >= 1e3) return (n / 1e3).toFixed(1) + "k";
  return String(n);
}

export function drawChart(container, plies) {
  const searched = plies.filter((p) => p.search);
  if (searched.length === 0) {
    container.innerHTML = `<p class="muted">No computer moves yet.</p>`;
    return;
  }
  const W = 420, H = 180, L = 42, R = 42, T = 12, B = 24;
  const maxPly = Math.max(...plies.map((p) => p.number), 2);
  const maxNodes = Math.max(...searched.map((p) => p.search.nodes), 1);
  const maxTime = Math.max(...searched.map((p) => p.time_ms), 1);
  const x = (n) => L + ((n - 0.5) / maxPly) * (W - L - R);
  const yN = (v) => H - B - (v / maxNodes) * (H - T - B);
  const yT = (v) => H - B - (v / maxTime) * (H - T - B);
  const bw = Math.max(1.5, ((W - L - R) / maxPly) * 0.8);
  let s = `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="Nodes (bars) and time in milliseconds (line) for each computer move">`;
  s += `<line class="axis" x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}"/>`;
  s += `<line class="axis" x1="${L}" y1="${T}" x2="${L}" y2="${H - B}"/>`;
  s += `<line class="axis" x1="${W - R}" y1="${T}" x2="${W - R}" y2="${H - B}"/>`;
  s += `<text x="${L - 4}" y="${T + 8}" text-anchor="end">${fmt(maxNodes)}</text>`;
  s += `<text x="${L - 4}" y="${H - B}" text-anchor="end">0</text>`;
  s += `<text x="${W - R + 4}" y="${T + 8}">${maxTime} ms</text>`;
  s += `<text x="${W - R + 4}" y="${H - B}">0</text>`;
  s += `<text x="${(L + W - R) / 2}" y="${H - 6}" text-anchor="middle">ply (bars: nodes, line: time)</text>`;
  for (const p of searched) {
    const cls = p.side === "white" ? "bar-white" : "bar-black";
    const y = yN(p.search.nodes);
    s += `<rect class="${cls}" x="${(x(p.number) - bw / 2).toFixed(1)}" y="${y.toFixed(1)}" width="${bw.toFixed(1)}" height="${(H - B - y).toFixed(1)}"><title>ply ${p.number} ${p.move}: ${p.search.nodes} nodes, ${p.time_ms} ms</title></rect>`;
  }
  const pts = searched.map((p) => `${x(p.number).toFixed(1)},${yT(p.time_ms).toFixed(1)}`);
  s += `<polyline class="time-line" points="${pts.join(" ")}"/>`;
  for (const p of searched) s += `<circle class="time-dot" cx="${x(p.number).toFixed(1)}" cy="${yT(p.time_ms).toFixed(1)}" r="1.8"/>`;
  s += `</svg>`;
  container.innerHTML = s;
}
