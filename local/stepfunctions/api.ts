import { ApiError } from './errors.js';
import type { ExecutionRunner } from './runner.js';
import type { ExecutionRecord, ExecutionStore } from './store.js';

/** What DescribeStateMachine/ListStateMachines report about one state machine. */
export interface MachineInfo {
  readonly arn: string;
  readonly name: string;
  readonly definition: string;
  readonly creationDate: Date;
}

type Body = Record<string, any>;
export type Operation = (body: Body) => Promise<Body>;

// The JSON 1.0 protocol carries timestamps as epoch seconds.
const epoch = (iso: string | Date | undefined): number | undefined =>
  iso === undefined ? undefined : (typeof iso === 'string' ? Date.parse(iso) : iso.getTime()) / 1000;

/** The Step Functions API operations the local edition serves, keyed by operation name (`StartExecution`, ...). */
export function sfnOperations(runner: ExecutionRunner, store: ExecutionStore, machines: readonly MachineInfo[], accountId: string): Record<string, Operation> {
  const machine = (arn: unknown): MachineInfo => {
    const found = machines.find((m) => m.arn === arn);
    if (!found) throw new ApiError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${String(arn)}'`);
    return found;
  };
  const execution = (arn: unknown): ExecutionRecord => {
    const found = store.get(String(arn));
    if (!found) throw new ApiError('ExecutionDoesNotExist', `Execution Does Not Exist: '${String(arn)}'`);
    return found;
  };
  return {
    async StartExecution(body) {
      const record = await runner.start(String(body.stateMachineArn ?? ''), body.input ?? '{}', body.name);
      return { executionArn: record.executionArn, startDate: epoch(record.startDate) };
    },
    async DescribeExecution(body) {
      const record = execution(body.executionArn);
      return {
        executionArn: record.executionArn, stateMachineArn: record.stateMachineArn, name: record.name, status: record.status,
        startDate: epoch(record.startDate), stopDate: epoch(record.stopDate),
        input: record.input, inputDetails: { included: true },
        ...(record.output !== undefined ? { output: record.output, outputDetails: { included: true } } : {}),
        error: record.error, cause: record.cause,
      };
    },
    async ListExecutions(body) {
      machine(body.stateMachineArn);
      const matching = store.all().filter((r) => r.stateMachineArn === body.stateMachineArn && (!body.statusFilter || r.status === body.statusFilter));
      const { items, nextToken } = page(matching, body);
      return {
        executions: items.map((r) => ({
          executionArn: r.executionArn, stateMachineArn: r.stateMachineArn, name: r.name, status: r.status, startDate: epoch(r.startDate),
            stopDate: epoch(r.stopDate),
        })),
        nextToken,
      };
    },
    async GetExecutionHistory(body) {
      const record = execution(body.executionArn);
      const ordered = body.reverseOrder ? [...record.history].reverse() : record.history;
      const { items, nextToken } = page(ordered, body);
      const withData = body.includeExecutionData !== false;
      return { events: items.map((event) => ({ ...(withData ? event : stripData(event)), timestamp: event.timestamp / 1000 })), nextToken };
    },
    async StopExecution(body) {
      const record = await runner.stopExecution(String(body.executionArn ?? ''), body.error, body.cause);
      return { stopDate: epoch(record.stopDate) };
    },
    async DescribeStateMachine(body) {
      const found = machine(body.stateMachineArn);
      return {
        stateMachineArn: found.arn, name: found.name, status: 'ACTIVE', definition: found.definition, type: 'STANDARD',
        roleArn: `arn:aws:iam::${accountId}:role/local`, creationDate: epoch(found.creationDate),
      };
    },
    async ListStateMachines(body) {
      const { items, nextToken } = page(machines, body);
      return { stateMachines: items.map((m) => ({ stateMachineArn: m.arn, name: m.name, type: 'STANDARD', creationDate: epoch(m.creationDate) })), nextToken };
    },
  };
}

function page<T>(all: readonly T[], body: Body): { items: T[]; nextToken?: string } {
  const start = body.nextToken ? Number.parseInt(String(body.nextToken), 10) : 0;
  if (!Number.isInteger(start) || start < 0) throw new ApiError('InvalidToken', 'Invalid Token');
  const size = body.maxResults > 0 ? Math.min(Number(body.maxResults), 1000) : 100;
  const items = all.slice(start, start + size);
  return { items, nextToken: start + size < all.length ? String(start + size) : undefined };
}

function stripData(event: Record<string, any>): Record<string, any> {
  const copy: Record<string, any> = {};
  for (const [key, value] of Object.entries(event)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const { input: _input, output: _output, ...rest } = value;
      copy[key] = rest;
    } else copy[key] = value;
  }
  return copy;
}
