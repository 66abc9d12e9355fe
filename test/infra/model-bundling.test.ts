import { EMBEDDING_PACKAGES, modelBundling, NOTES_MODEL_FILE } from '../../lib/constructs/model-bundling.js';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { ProjectFunction } from '../../lib/constructs/project-function.js';
import { FIXTURE_ENTRY, removeTestOutdirs, testApp } from './synth-app.js';

afterAll(removeTestOutdirs);

describe('model files beside a Lambda bundle', () => {
  it('installs USE Lite\'s packages (weights, vocabulary and WebAssembly are read from their folders) for a function that embeds', () => {
    expect(modelBundling({ embeddings: true })).toEqual({ nodeModules: [...EMBEDDING_PACKAGES] });
  });

  it('copies the notes model\'s weights next to the handler and installs USE Lite for a function that drafts notes', () => {
    const options = modelBundling({ notesModel: true });
    expect(options.nodeModules).toEqual([...EMBEDDING_PACKAGES]);
    expect(options.commandHooks!.afterBundling('/in', '/out')).toEqual([`cp "/in/${NOTES_MODEL_FILE}" "/out/notes-model.json"`]);
  });

  it('adds nothing for a function without models', () => {
    expect(modelBundling({})).toEqual({});
  });

  it('sets NOTES_ENGINE=model when the notes model is the chosen engine', () => {
    const stack = new Stack(testApp(), 'ModelTest');
    new ProjectFunction(stack, 'Fn', { entry: FIXTURE_ENTRY, models: { notesModel: true } }).bindNotesEngine({ engine: 'model' });
    Template.fromStack(stack).hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: { NOTES_ENGINE: 'model' } } });
  });
});
