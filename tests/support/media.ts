// Real media bytes for upload tests: files the mock, the generated clients and a real deployment
// would all take for what they are.

/** A valid 16-bit mono PCM WAV at 16 kHz: a RIFF header and `frames` frames whose bytes cover every value. */
export function wav(frames: number): Uint8Array<ArrayBuffer> {
  const data = frames * 2;
  const bytes = new Uint8Array(44 + data);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + data, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // the fmt chunk's size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 16_000, true); // frames a second
  view.setUint32(28, 32_000, true); // bytes a second
  view.setUint16(32, 2, true); // bytes a frame
  view.setUint16(34, 16, true); // bits a sample
  ascii(36, 'data');
  view.setUint32(40, data, true);
  for (let i = 0; i < data; i++) bytes[44 + i] = (i * 151 + 7) % 256;
  return bytes;
}
