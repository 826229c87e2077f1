import { existsSync } from 'node:fs';
import { newTraceContext, type TraceContext } from '../../../../shared/tracing/trace-context';
import { loadTraceKey, StartedTraces } from '../../../services/tracing/started-traces';

/**
 * Where a terminal command draws each request's trace: marked with the data folder's trace key
 * when the folder exists (so the Hooklab running on it keeps the handler's spans), else a plain
 * random one (no folder is made just for this).
 */
export function cliTraces(dataDir: string): () => TraceContext {
  if (!existsSync(dataDir)) return newTraceContext;
  const traces = new StartedTraces(loadTraceKey(dataDir));
  return () => traces.start();
}
