import { ServiceError, type Json } from '../shared/http';

/** GoTrue's error body `{ code, error_code, msg }`, sent with the same HTTP status. */
export class AuthError extends ServiceError {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Json = {},
  ) {
    super(message);
  }

  get httpStatus(): number {
    return this.status;
  }

  toJSON(): Json {
    return { code: this.status, error_code: this.errorCode, msg: this.message, ...this.extra };
  }
}

/** The one way this service reports a failure. */
export function authError(status: number, errorCode: string, msg: string, extra?: Json): AuthError {
  return new AuthError(status, errorCode, msg, extra);
}

export const invalidCredentials = () => authError(400, 'invalid_credentials', 'Invalid login credentials');
