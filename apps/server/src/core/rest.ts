// REST routes of a module, described without the transport: rest/ registers them on the HTTP server, reads
// the request into a RestCall, checks access through the dispatcher and sends what the handler returns.
import type { Readable } from 'node:stream';
import type { MethodDef } from '@moda/contracts';
import type { CallContext, Principal } from './context';

/** Who may call: a contract method's roles, partner and mutation flags. */
export type RestAccess = Pick<MethodDef, 'name' | 'roles' | 'partner' | 'mutates'> &
  Partial<Pick<MethodDef, 'allowWhenRestricted'>>;

export type RestPart =
  | { kind: 'field'; name: string; value: string }
  | {
      kind: 'file';
      name: string;
      fileName: string;
      stream: Readable;
      toBuffer(): Promise<Buffer>;
      /** Whether the file passed the route's size limit and was cut short. */
      truncated(): boolean;
    };

/** One request, as a module's handler sees it. */
export interface RestCall {
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
  /** A JSON body, or a form's fields. */
  body: unknown;
  ip: string;
  isMultipart: boolean;
  /** The parts of a multipart body, in order (fields before the files they qualify). */
  parts(): AsyncIterable<RestPart>;
  /** The caller, authenticated (once per request). */
  principal(): Promise<Principal>;
  /** A read context for any signed-in caller, acting for no partner (objects opened within `scope`). */
  signedIn(): Promise<CallContext>;
  /** Check access for `partnerId` and get a read context acting for it. */
  authorize(access: RestAccess, partnerId: number | null): Promise<CallContext>;
  /** Run `work` as a mutation of the checked context: one transaction ending with its audit record. */
  mutate<T>(auditName: string, checked: CallContext, work: (ctx: CallContext) => Promise<T>): Promise<T>;
  /** The partners whose objects the caller may open by id: their own, or every partner (null) for staff. */
  scope(principal: Principal): number[] | null;
  logError(err: unknown, msg: string): void;
}

export interface RestFile {
  contentType: string;
  /** Named through content-disposition; `inline` opens in the browser (PDF labels). */
  fileName?: string;
  inline?: boolean;
  size?: number;
  cacheControl?: string;
  body: Buffer | Readable;
}

export type RestReply = { status?: number; json: unknown } | { status?: number; file: RestFile };

export interface RestRoute {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  /** Multipart bodies: the limits enforced while streaming. */
  multipart?: { fileSize?: number; files?: number; fields?: number; fieldSize?: number; parts?: number };
  handle(call: RestCall): Promise<RestReply>;
}
