export { alertMessage, confirmMessage } from './dialog-store';
export { DialogHost } from './DialogHost';
