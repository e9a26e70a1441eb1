// Handler typing: each module's rpc file maps method names of the catalogue to service calls.
import type { z } from 'zod';
import type { MethodName, Methods } from '@moda/contracts';
import type { CallContext } from './context';

export type Handler<N extends MethodName> = (
  ctx: CallContext,
  params: z.output<Methods[N]['params']>,
) => Promise<z.input<Methods[N]['result']>>;

export type HandlerMap = { [N in MethodName]?: Handler<N> };
