export { recognizeSheet, recognizeScan, type ScanOptions } from './scan';
export { recognizeImage } from './recognize';
export {
  decodeScan,
  sniffFormat,
  parsePgm,
  ScanDecodeError,
  READ_PX_PER_MM,
  toReadingSize,
  type DecodeOptions,
  type ScanFormat,
} from './decode';
export {
  createRecognizerPool,
  type RecognizerPool,
  type RecognizeJob,
  type PoolOptions,
} from './pool';
export { encodeImage } from './encode';
export { DEFAULT_THRESHOLDS } from './thresholds';
export type * from './types';
