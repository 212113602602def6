import type { Redis } from 'ioredis';

/** Runs a MULTI and throws the first command's error (ioredis reports them per command, not by rejecting). */
export async function execOrThrow(tx: ReturnType<Redis['multi']>): Promise<void> {
  const results = await tx.exec();
  const failure = results?.find(([error]) => error)?.[0];
  if (failure) throw failure;
}
