import { wordRefusal } from './postgrest-error';
import { supabase } from './supabase';

/** A failed edge-function call; `serverMessage` is the function's own `{ error }` text when it sent one. */
export class FunctionCallError extends Error {
  constructor(
    readonly serverMessage: string | undefined,
    readonly status: number | undefined,
    fallback: string,
  ) {
    super(serverMessage ?? fallback);
    this.name = 'FunctionCallError';
  }
}

/** A failed call's own reason in the words of the screen (see wordRefusal); undefined when it sent none. */
export function functionRefusal(error: unknown): string | undefined {
  if (!(error instanceof FunctionCallError) || !error.serverMessage) return undefined;
  return wordRefusal({ code: '', message: error.serverMessage });
}

/** Calls an edge function with a JSON body; a refusal throws FunctionCallError with the server's message. */
export async function invokeFunction<T>(name: string, body: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase.functions.invoke<T>(name, { body });
  if (!error) return data as T;
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    const answer = (await context.json().catch(() => null)) as { error?: string } | null;
    throw new FunctionCallError(answer?.error, context.status, error.message);
  }
  throw new FunctionCallError(undefined, undefined, error.message);
}
