import { errors as joseErrors } from 'jose';
import { ServiceError, type Json } from '../shared/http';

export class StorageError extends ServiceError {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  /** Storage answers 400 for every error but a 500; the real status is in `statusCode`. */
  get httpStatus(): number {
    return this.statusCode >= 500 ? 500 : 400;
  }

  toJSON(): Json {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

/** The one way this service reports a failure; `error` defaults to the code, as in Storage. */
export function storageError(statusCode: number, code: string, message: string, error: string = code): StorageError {
  return new StorageError(statusCode, code, error, message);
}

export const noSuchBucket = () => storageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
export const noSuchKey = () => storageError(404, 'NoSuchKey', 'Object not found', 'not_found');
export const accessDenied = (message: string) => storageError(403, 'AccessDenied', message, 'Unauthorized');
export const invalidRequest = (message: string) => storageError(400, 'InvalidRequest', message);

export const entityTooLarge = (entity = 'object') =>
  storageError(413, 'EntityTooLarge', `The ${entity} exceeded the maximum allowed size`, 'Payload too large');
export const invalidJwt = (message: string) => storageError(400, 'InvalidJWT', message);
export const invalidSignature = (message = 'Invalid signature') => storageError(400, 'InvalidSignature', message);

/** Postgres errors as Storage's DBError maps them. */
export function fromDatabaseError(err: unknown): unknown {
  const pgError = err as { code?: string; message?: string };
  switch (pgError?.code) {
    case '42501':
      return accessDenied(
        pgError.message?.includes('row-level security')
          ? 'new row violates row-level security policy'
          : (pgError.message ?? 'Access denied'),
      );
    case '23505': // the only unique violation here: an object name taken (upload without x-upsert)
      return storageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate');
    case '23503':
      return storageError(404, 'RelatedResourceNotFound', 'The related resource does not exist', 'not_found');
    case '22P02':
      return storageError(400, 'InvalidParameter', `Invalid parameter: ${pgError.message ?? ''}`);
    default:
      return err;
  }
}

/** The messages Storage's JWT check gives, which clients and tests look for. */
export function jwtFailure(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return 'jwt expired';
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return 'invalid signature';
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return 'invalid algorithm';
  return 'jwt malformed';
}
