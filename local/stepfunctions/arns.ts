/** ARN helpers for the local Step Functions service. */
export interface ArnScope {
  readonly region: string;
  readonly accountId: string;
}

/** `arn:aws:states:<region>:<account>:stateMachine:<name>` */
export function stateMachineArn(scope: ArnScope, name: string): string {
  return `arn:aws:states:${scope.region}:${scope.accountId}:stateMachine:${name}`;
}

/** `arn:aws:states:<region>:<account>:execution:<stateMachine>:<execution>` */
export function executionArn(scope: ArnScope, stateMachineName: string, executionName: string): string {
  return `arn:aws:states:${scope.region}:${scope.accountId}:execution:${stateMachineName}:${executionName}`;
}

/** `arn:aws:lambda:<region>:<account>:function:<name>` */
export function lambdaArn(scope: ArnScope, functionName: string): string {
  return `arn:aws:lambda:${scope.region}:${scope.accountId}:function:${functionName}`;
}

/** The function name of a Lambda ARN (qualifier dropped), or the input itself when it is a plain name. */
export function lambdaFunctionName(arnOrName: string): string {
  const match = /^arn:aws[\w-]*:lambda:[^:]*:[^:]*:function:([^:]+)(?::.*)?$/.exec(arnOrName);
  return match ? match[1]! : arnOrName;
}

/** Lambda function name for a definition-substitution key: `ProbeMediaFunctionArn` → `ProbeMedia`. */
export function functionNameForKey(key: string): string {
  return key.endsWith('FunctionArn') && key.length > 'FunctionArn'.length ? key.slice(0, -'FunctionArn'.length) : key;
}

/** Execution names follow the AWS rule: 1–80 characters, none of whitespace, brackets, wildcards, punctuation or control characters. */
export function isValidExecutionName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.length >= 1 && name.length <= 80 && !/[\s<>{}[\]?*"#%\\^|~`$&,;:/\u0000-\u001f\u007f-\u009f]/.test(name);
}
