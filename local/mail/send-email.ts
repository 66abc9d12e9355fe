import PostalMime, { type Address } from 'postal-mime';
import type { MailMessage } from './index.js';

/** An SES error: becomes the HTTP status, the `x-amzn-errortype` header and `{message}`. */
export class SesError extends Error {
  constructor(readonly status: number, readonly type: string, message: string) {
    super(message);
    this.name = type;
  }
}

type Draft = Omit<MailMessage, 'id' | 'receivedAt'>;
const badRequest = (message: string) => new SesError(400, 'BadRequestException', message);
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

/** Turns a SESv2 SendEmail request body into a message. Throws SesError(400) on invalid input, like SES. */
export async function draftFromSendEmail(body: unknown): Promise<Draft> {
  if (!isObject(body)) throw badRequest('Request body must be a JSON object');
  const content = isObject(body.Content) ? body.Content : undefined;
  if (!content) throw badRequest('Missing required parameter: Content');
  const draft = isObject(content.Simple) ? simpleDraft(content.Simple)
    : isObject(content.Raw) ? await rawDraft(content.Raw)
    : undefined;
  if (!draft) throw badRequest(content.Template ? 'Template content is not supported by the local mail service' : 'Content must have Simple or Raw');

  const destination = isObject(body.Destination) ? body.Destination : undefined;
  const from = optionalString(body.FromEmailAddress, 'FromEmailAddress') ?? draft.from;
  const message: Draft = {
    ...draft,
    from: from ?? '',
    to: destination ? addresses(destination.ToAddresses, 'ToAddresses') : draft.to,
    cc: destination ? addresses(destination.CcAddresses, 'CcAddresses') : draft.cc,
    bcc: destination ? addresses(destination.BccAddresses, 'BccAddresses') : draft.bcc,
    replyTo: body.ReplyToAddresses !== undefined ? addresses(body.ReplyToAddresses, 'ReplyToAddresses') : draft.replyTo,
  };
  if (!message.from) throw badRequest('Missing required parameter: FromEmailAddress');
  checkAddress(message.from);
  if (message.to.length + message.cc.length + message.bcc.length === 0) {
    throw badRequest('Missing required parameter: Destination (at least one recipient)');
  }
  return message;
}

function simpleDraft(simple: Record<string, unknown>): Draft {
  const subject = isObject(simple.Subject) ? optionalString(simple.Subject.Data, 'Subject.Data') : undefined;
  if (subject === undefined) throw badRequest('Missing required parameter: Subject');
  const body = isObject(simple.Body) ? simple.Body : {};
  const text = isObject(body.Text) ? optionalString(body.Text.Data, 'Body.Text.Data') : undefined;
  const html = isObject(body.Html) ? optionalString(body.Html.Data, 'Body.Html.Data') : undefined;
  if (text === undefined && html === undefined) throw badRequest('Missing required parameter: Body (Text or Html)');
  return { from: '', to: [], cc: [], bcc: [], replyTo: [], subject, text, html };
}

async function rawDraft(raw: Record<string, unknown>): Promise<Draft> {
  if (typeof raw.Data !== 'string' || raw.Data === '') throw badRequest('Missing required parameter: Raw.Data');
  const email = await PostalMime.parse(Buffer.from(raw.Data, 'base64'));
  const flat = (list: Address[] | undefined) => (list ?? []).flatMap((a) => (a.group ? a.group : [a])).map((m) => m.address);
  return {
    from: email.from ? flat([email.from])[0] ?? '' : '',
    to: flat(email.to), cc: flat(email.cc), bcc: flat(email.bcc), replyTo: flat(email.replyTo),
    subject: email.subject ?? '', text: email.text, html: email.html,
  };
}

function addresses(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw badRequest(`${field} must be a list of strings`);
  value.forEach(checkAddress);
  return value;
}

function checkAddress(address: string): void {
  const bare = /<([^>]*)>\s*$/.exec(address)?.[1] ?? address;
  if (!ADDRESS.test(bare.trim())) throw badRequest(`Illegal address: ${address}`);
}

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`${field} must be a string`);
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
