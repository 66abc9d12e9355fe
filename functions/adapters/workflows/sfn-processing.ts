import { DescribeExecutionCommand, StartExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';
import type { ProcessingStarter } from '../../core/meetings/model.js';

/** The ARN an execution of `stateMachineArn` named `name` gets (arn:…:stateMachine:X → arn:…:execution:X:name). */
export function executionArnFor(stateMachineArn: string, name: string): string {
  return `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
}

/**
 * Starts the process-meeting state machine under a deterministic name, once. Step Functions answers a
 * repeated StartExecution with success while the first run is still going (same name and input), and
 * with ExecutionAlreadyExists after it ended (names are kept 90 days), so an existing execution is
 * looked up first.
 */
export function createProcessingStarter(sfn: SFNClient, stateMachineArn: string): ProcessingStarter {
  return {
    async start(executionName, input) {
      if (await exists(sfn, executionArnFor(stateMachineArn, executionName))) return 'already_started';
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

async function exists(sfn: SFNClient, executionArn: string): Promise<boolean> {
  try {
    await sfn.send(new DescribeExecutionCommand({ executionArn }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ExecutionDoesNotExist') return false;
    throw error;
  }
}
