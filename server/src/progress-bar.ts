/** A one-line terminal progress bar: "leads  [######----]  60%  600,000/1,000,000  52,310 ev/s". */
export function createProgressBar(stream: NodeJS.WriteStream = process.stderr) {
  const started = Date.now();
  let lastDraw = 0;
  return {
    update(label: string, done: number, total: number, force = false) {
      const now = Date.now();
      if (!force && now - lastDraw < 100) return;
      lastDraw = now;
      const ratio = total === 0 ? 1 : Math.min(1, done / total);
      const width = 30;
      const filled = Math.round(ratio * width);
      const rate = Math.round(done / Math.max(0.001, (now - started) / 1000));
      const line = `${label.padEnd(12)} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}%  ${done.toLocaleString("en")}/${total.toLocaleString("en")}  ${rate.toLocaleString("en")} ev/s`;
      if (stream.isTTY) stream.write(`\r${line}`);
      else if (force) stream.write(`${line}\n`);
    },
    done() {
      if (stream.isTTY) stream.write("\n");
    },
  };
}
