// The Encoding Standard's decoder, a global in the browser and in Node alike. The shared project
// has neither the DOM's nor Node's types (so that nothing here comes to rely on one side), and
// declares the little of it that the CSV and text rules use.
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBuffer | ArrayBufferView, options?: { stream?: boolean }): string;
}
