import type { ErrorCode } from '../common/errors.ts';

/**
 * A refusal of the staff services: `code` for the API's envelope, `message` for the owner's terminal
 * (npm run staff). Both callers go through the same service function.
 */
export class StaffAdminError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'StaffAdminError';
    this.code = code;
  }
}
