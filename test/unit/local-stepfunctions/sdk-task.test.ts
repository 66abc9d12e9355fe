import { Readable } from 'node:stream';
import { commandName, parseSdkResource, sdkTaskFactory, toJsonValue } from '../../../local/stepfunctions/sdk-task.js';

describe('parseSdkResource', () => {
  it('reads service and action of an aws-sdk integration and ignores other resources', () => {
    expect(parseSdkResource('arn:aws:states:::aws-sdk:dynamodb:putItem')).toEqual({ service: 'dynamodb', action: 'putItem' });
    expect(parseSdkResource('arn:aws:states:::aws-sdk:s3:getObject.waitForTaskToken')).toBeUndefined();
    expect(parseSdkResource('arn:aws:states:::lambda:invoke')).toBeUndefined();
  });
});

describe('commandName', () => {
  it('turns an ASL action into the SDK v3 command name', () => {
    expect(commandName('putItem')).toBe('PutItemCommand');
  });
});

describe('sdkTaskFactory', () => {
  it('refuses an action the service SDK does not have', async () => {
    await expect(sdkTaskFactory('us-east-1')('arn:aws:states:::aws-sdk:dynamodb:putItems')).rejects.toThrow('has no PutItemsCommand');
  });

  it('refuses a service with no installed SDK client', async () => {
    await expect(sdkTaskFactory('us-east-1')('arn:aws:states:::aws-sdk:nosuchservice:doIt')).rejects.toThrow('cannot load @aws-sdk/client-nosuchservice');
  });
});

describe('toJsonValue', () => {
  it('drops $metadata, reads streams as text and writes dates and bytes as JSON does', async () => {
    const body = Object.assign(Readable.from(['hello']), { transformToString: async () => 'hello' });

    const value = await toJsonValue({
      $metadata: { httpStatusCode: 200 }, Body: body, LastModified: new Date('2024-01-02T03:04:05Z'), Blob: new Uint8Array([1, 2]), Missing: undefined, Items: [{ a: 1 }],
    }, true);

    expect(value).toEqual({ Body: 'hello', LastModified: '2024-01-02T03:04:05.000Z', Blob: 'AQI=', Items: [{ a: 1 }] });
  });
});
