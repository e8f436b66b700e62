// Docker's log format for a container without a TTY: frames of an 8-byte header (stream type,
// three zero bytes, big-endian payload length) followed by the payload. Returns the payloads joined.

export function demuxLogs(raw: Buffer): string {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset + 8 <= raw.length) {
    const type = raw[offset];
    const size = raw.readUInt32BE(offset + 4);
    // Not a frame header: the container has a TTY and the log is plain text.
    if ((type !== 0 && type !== 1 && type !== 2) || raw[offset + 1] !== 0) return raw.toString("utf8");
    parts.push(raw.subarray(offset + 8, offset + 8 + size));
    offset += 8 + size;
  }
  return Buffer.concat(parts).toString("utf8");
}
