/** Reads Server-Sent Events from a streaming response until one matches. */
export async function nextEvent(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  buffer: { text: string },
  match: (event: { event: string; data: string }) => boolean,
) {
  const decoder = new TextDecoder();
  for (;;) {
    const blocks = buffer.text.split("\n\n");
    buffer.text = blocks.pop()!;
    for (const block of blocks) {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
      if (match({ event, data })) return { event, data };
    }
    const { value, done } = await reader.read();
    if (done) throw new Error("the event stream ended");
    buffer.text += decoder.decode(value, { stream: true });
  }
}
