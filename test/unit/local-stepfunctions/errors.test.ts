import { aslServiceName, lambdaFailure, sdkFailure, withExceptionSuffix } from '../../../local/stepfunctions/errors.js';

describe('aslServiceName', () => {
  it.each([
    ['DynamoDB', 'DynamoDb'], ['S3', 'S3'], ['ACM PCA', 'AcmPca'], ['SESv2', 'SesV2'], ['SFN', 'Sfn'],
    ['EventBridge', 'EventBridge'], ['CloudWatch Logs', 'CloudWatchLogs'], ['ApiGatewayManagementApi', 'ApiGatewayManagementApi'],
  ])('turns the SDK serviceId %s into %s', (serviceId, expected) => {
    expect(aslServiceName(serviceId)).toBe(expected);
  });
});

describe('withExceptionSuffix', () => {
  it('adds Exception to service codes that lack it and leaves the others', () => {
    expect(withExceptionSuffix('NoSuchKey')).toBe('NoSuchKeyException');
    expect(withExceptionSuffix('ConditionalCheckFailedException')).toBe('ConditionalCheckFailedException');
  });
});

describe('sdkFailure', () => {
  it('names a service error <Service>.<Name>Exception with an AWS-style cause', () => {
    const error = Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404, requestId: 'r-1' } });

    const failure = sdkFailure('S3', error);

    expect(failure.name).toBe('S3.NoSuchKeyException');
    expect(failure.message).toBe('The specified key does not exist. (Service: S3, Status Code: 404, Request ID: r-1)');
  });

  it('names an error no service answered <Service>.SdkClientException', () => {
    const failure = sdkFailure('DynamoDb', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }));

    expect(failure.name).toBe('DynamoDb.SdkClientException');
    expect(failure.message).toBe('connect ECONNREFUSED 127.0.0.1:1');
  });
});

describe('lambdaFailure', () => {
  it('uses the thrown error name as the ASL error and a JSON cause like Lambda', () => {
    class MeetingNotFound extends Error {
      override name = 'MeetingNotFound';
    }

    const failure = lambdaFailure(new MeetingNotFound('no meeting m-1'));

    expect(failure.name).toBe('MeetingNotFound');
    expect(JSON.parse(failure.message)).toEqual({ errorType: 'MeetingNotFound', errorMessage: 'no meeting m-1' });
  });

  it('reports a thrown non-error as Error', () => {
    expect(lambdaFailure('boom')).toMatchObject({ name: 'Error', message: JSON.stringify({ errorType: 'Error', errorMessage: 'boom' }) });
  });
});
