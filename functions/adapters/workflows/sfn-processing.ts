import { StartExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';
import type { ProcessingStarter } from '../../core/meetings/model.js';

/**
 * Starts the process-meeting state machine under a deterministic name. A name used before answers
 * ExecutionAlreadyExists (AWS keeps names 90 days), which means processing was already started.
 */
export function createProcessingStarter(sfn: SFNClient, stateMachineArn: string): ProcessingStarter {
  return {
    async start(executionName, input) {
      try {
        await sfn.send(new StartExecutionCommand({ stateMachineArn, name: executionName, input: JSON.stringify(input) }));
        return 'started';
      } catch (error) {
        if ((error as Error).name === 'ExecutionAlreadyExists') return 'already_started';
        throw error;
      }
    },
  };
}
