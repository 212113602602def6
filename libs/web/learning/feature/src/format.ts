export { formatDate, formatDateTime, formatDay } from '@aero/web-shared-util';
