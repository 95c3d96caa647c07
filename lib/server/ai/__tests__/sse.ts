/** Reads a server-sent events body to its end: the events in order, data parsed as JSON. */
export async function readSse(res: Response): Promise<{ event: string; data: unknown }[]> {
  const text = await res.text();
  const events: { event: string; data: unknown }[] = [];
  for (const frame of text.split('\n\n')) {
    if (!frame.trim()) continue;
    let event = 'message';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    events.push({ event, data: JSON.parse(data.join('\n')) as unknown });
  }
  return events;
}
