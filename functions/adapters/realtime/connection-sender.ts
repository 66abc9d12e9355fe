import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';

/** Sends JSON to sockets through the API Gateway management API; reports closed sockets instead of throwing. */
export function connectionSender(callbackUrl: string) {
  const client = new ApiGatewayManagementApiClient({ endpoint: callbackUrl });
  return {
    /** Returns 'gone' when the connection no longer exists (the caller cleans it up). */
    async send(connectionId: string, message: unknown): Promise<'sent' | 'gone'> {
      try {
        await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }));
        return 'sent';
      } catch (error) {
        if (error instanceof GoneException || (error as Error).name === 'GoneException') return 'gone';
        throw error;
      }
    },
  };
}
