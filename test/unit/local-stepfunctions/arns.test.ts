import { functionNameForKey, isValidExecutionName, lambdaFunctionName } from '../../../local/stepfunctions/arns.js';

describe('functionNameForKey', () => {
  it('drops the FunctionArn suffix of a substitution key', () => {
    expect(functionNameForKey('ProbeMediaFunctionArn')).toBe('ProbeMedia');
    expect(functionNameForKey('Other')).toBe('Other');
  });
});

describe('lambdaFunctionName', () => {
  it('reads the function name of an ARN, with or without qualifier, and passes plain names through', () => {
    expect(lambdaFunctionName('arn:aws:lambda:us-east-1:000000000000:function:Probe')).toBe('Probe');
    expect(lambdaFunctionName('arn:aws:lambda:us-east-1:000000000000:function:Probe:$LATEST')).toBe('Probe');
    expect(lambdaFunctionName('Probe')).toBe('Probe');
  });
});

describe('isValidExecutionName', () => {
  it('accepts AWS-style names and rejects empty, long or punctuated ones', () => {
    expect(isValidExecutionName('meeting-1_upload.2')).toBe(true);
    expect(isValidExecutionName('')).toBe(false);
    expect(isValidExecutionName('x'.repeat(81))).toBe(false);
    expect(isValidExecutionName('a/b')).toBe(false);
    expect(isValidExecutionName('a b')).toBe(false);
    expect(isValidExecutionName('a:b')).toBe(false);
  });
});
